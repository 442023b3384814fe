import type { FastifyInstance, FastifyReply } from "fastify";
import { validatorApi } from "../../../resources/live-api";
import { validatorMessages, type WhitelistRow } from "../../../resources/live-validator";
import type { Ctx } from "../../context";
import { ok } from "../../plugins/envelope";
import { addEntry, allEntries, checkImport, importRows, listPage, removeEntries, updateEntry } from "../../services/whitelist";
import { jsonStream, Mutex } from "../../services/yielding";
import { route } from "../../engine/route";
import { verificationGuard, validatorScope } from "./access";

const tags = ["verification"];

/**
 * 20,000 rows of two texts of at most 128 characters (whitelist.import.schema.json), as JSON:
 * about 16 MiB at the very worst (every character a 3-byte one), 1 MiB for a sheet of typical
 * names and passwords. The import calls alone get it; every other call keeps the app's 1 MiB.
 */
const importBodyLimit = 16 * 1024 * 1024;

/** An import's or dry run's answer, whose refused rows (up to 20,000) are sent without holding the thread. */
const answerJudged = (reply: FastifyReply, answer: unknown, errors: readonly unknown[]) => reply.type("application/json; charset=utf-8").send(jsonStream(answer, errors));

/**
 * The whitelist of the validator service (2 §7, 3 §7.8): a live's usernames and passwords, paged,
 * added and changed one by one, removed one by one or all at once (id 0), imported from a sheet
 * after a dry run, and exported whole. Every write goes through services/whitelist.ts under the
 * live's lock, so the unique password and the 50,000 entries of a live hold under parallel calls.
 */
export default async function whitelistRoutes(app: FastifyInstance, { db, key }: Ctx & { key: Buffer }) {
  const guard = verificationGuard(app, 600);
  // Each of these reads or writes up to tens of thousands of rows: a person imports now and then.
  const heavy = verificationGuard(app, 30);
  // The imports and their dry runs of all lives, one at a time (engine/route.ts oneAtATime).
  const imports = new Mutex();

  route(app, validatorApi.whitelist, { query: "whitelist.list.query", guard, summary: "A page of the live's whitelist: content {total, page, limit, resultset}", tags }, async (request) => {
    const { scope, liveId } = await validatorScope(request, db, key);
    const { page, limit } = request.query as { page: number; limit: number };
    const content = await listPage(scope, liveId, page, limit);
    return ok(content, { content, count: content.total });
  });

  route(
    app,
    validatorApi.whitelistAdd,
    { query: "validator.query", body: "whitelist.create", guard, summary: "Adds {username, password}; a password already in the live is refused, as is a 50,001st entry", tags },
    async (request) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const content = await addEntry(scope, liveId, request.body as WhitelistRow);
      return ok(content, { content, msg: validatorMessages.added });
    },
  );

  route(
    app,
    validatorApi.whitelistUpdate,
    { query: "whitelist.id.query", body: "whitelist.edit", guard, summary: "Changes entry `id` to {username, password}; its password must not be another entry's", tags },
    async (request) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const { id } = request.query as { id: number };
      const content = await updateEntry(scope, liveId, id, request.body as WhitelistRow);
      return ok(content, { content, msg: validatorMessages.updated });
    },
  );

  route(app, validatorApi.whitelistRemove, { query: "whitelist.id.query", guard, summary: "Removes entry `id`; id 0 clears the live's whole list. content {removed}", tags }, async (request) => {
    const { scope, liveId } = await validatorScope(request, db, key);
    const { id } = request.query as { id: number };
    const content = { removed: await removeEntries(scope, liveId, id) };
    return ok(content, { content, msg: validatorMessages.deleted });
  });

  route(
    app,
    validatorApi.whitelistCheck,
    { query: "validator.query", body: "whitelist.import", guard: heavy, oneAtATime: imports, bodyLimit: importBodyLimit, summary: "Dry run of an import of up to 20,000 rows: content {accepted, errors: [{row, username, password, reason}]}; writes nothing", tags },
    async (request, reply) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const { accepted, errors } = await checkImport(scope, liveId, (request.body as { rows: WhitelistRow[] }).rows);
      const content = { accepted: accepted.length, errors };
      return answerJudged(reply, ok(content, { content }), errors);
    },
  );

  route(
    app,
    validatorApi.whitelistImport,
    { query: "validator.query", body: "whitelist.import", guard: heavy, oneAtATime: imports, bodyLimit: importBodyLimit, summary: "Imports up to 20,000 rows: the dry run's judgement, then the accepted rows in one transaction: content {added, errors}", tags },
    async (request, reply) => {
      const { scope, liveId } = await validatorScope(request, db, key);
      const content = await importRows(scope, liveId, (request.body as { rows: WhitelistRow[] }).rows);
      return answerJudged(reply, ok(content, { content, msg: `成功导入${content.added}条` }), content.errors);
    },
  );

  route(app, validatorApi.whitelistExport, { query: "validator.query", guard: heavy, summary: "Every entry of the live's whitelist (at most 50,000): content {total, resultset}", tags }, async (request) => {
    const { scope, liveId } = await validatorScope(request, db, key);
    const content = await allEntries(scope, liveId);
    return ok(content, { content, count: content.total });
  });
}
