import type { FastifyReply } from "fastify";
import { validatorMessages, type WhitelistRow } from "../../../resources/lives/live-validator";
import type { FeatureCtx, Handler } from "../../engine/calls";
import { ok } from "../../plugins/envelope";
import { addEntry, allEntries, checkImport, importRows, listPage, removeEntries, updateEntry } from "../../services/whitelist";
import { jsonStream } from "../../services/yielding";
import { validatorScope } from "./validator-scope";

/** An import's or dry run's answer, whose refused rows (up to 20,000) are sent without holding the thread. */
const answerJudged = (reply: FastifyReply, answer: unknown, errors: readonly unknown[]) => reply.type("application/json; charset=utf-8").send(jsonStream(answer, errors));

type WhitelistCall = "whitelist" | "whitelistAdd" | "whitelistUpdate" | "whitelistRemove" | "whitelistCheck" | "whitelistImport" | "whitelistExport";

/**
 * The whitelist of the validator service (2 §7, 3 §7.8): a live's usernames and passwords, paged,
 * added and changed one by one, removed one by one or all at once (id 0), imported from a sheet
 * after a dry run, and exported whole; `key` verifies the validator tool's tokens.
 */
export function whitelistHandlers({ db }: FeatureCtx, key: Buffer): Record<WhitelistCall, Handler> {
  return {
    whitelist: async (request) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const { page, limit } = request.query as { page: number; limit: number };
      const content = await listPage(scope, liveId, page, limit);
      return ok(content, { content, count: content.total });
    },
    whitelistAdd: async (request) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const content = await addEntry(scope, liveId, request.body as WhitelistRow);
      return ok(content, { content, msg: validatorMessages.added });
    },
    whitelistUpdate: async (request) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const { id } = request.query as { id: number };
      const content = await updateEntry(scope, liveId, id, request.body as WhitelistRow);
      return ok(content, { content, msg: validatorMessages.updated });
    },
    whitelistRemove: async (request) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const { id } = request.query as { id: number };
      const content = { removed: await removeEntries(scope, liveId, id) };
      return ok(content, { content, msg: validatorMessages.deleted });
    },
    whitelistCheck: async (request, reply) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const { accepted, errors } = await checkImport(scope, liveId, (request.body as { rows: WhitelistRow[] }).rows);
      const content = { accepted: accepted.length, errors };
      return answerJudged(reply, ok(content, { content }), errors);
    },
    whitelistImport: async (request, reply) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const content = await importRows(scope, liveId, (request.body as { rows: WhitelistRow[] }).rows);
      return answerJudged(reply, ok(content, { content, msg: `成功导入${content.added}条` }), content.errors);
    },
    whitelistExport: async (request) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const content = await allEntries(scope, liveId);
      return ok(content, { content, count: content.total });
    },
  };
}
