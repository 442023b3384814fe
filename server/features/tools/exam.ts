import type { FastifyRequest } from "fastify";
import { examMessages, type ExamPaper } from "../../../resources/tools/exam";
import { examTokenTools } from "../../../resources/tools/tools";
import type { Db } from "../../db/database";
import type { Handler } from "../../engine/calls";
import { orgScope, type OrgScope } from "../../engine/org-scope";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { formatDateTime } from "../../services/datetime";
import { verifyToolToken } from "../../services/tool-tokens";

type ExamCall = "examBound" | "examPapers" | "examBind" | "examUnbind";

/**
 * The exam service of 3 §7.1, answered under the exam prefix (resources/tools/calls.ts says why its
 * shapes are its own). The tool token is one of the service's parameters: it is read after
 * validation, so a call without one gets the schema's message, and it also names the identity
 * whose organisation scope the call works in.
 */
export function examHandlers(db: Db, key: Buffer): Record<ExamCall, Handler> {
  const scopeOf = (request: FastifyRequest, token: string): OrgScope => {
    const scope = orgScope(request, db);
    const claims = verifyToolToken(key, token);
    if (!claims || !examTokenTools.includes(claims.tool) || claims.orgId !== scope.orgId || claims.identityId !== scope.actor.id)
      throw new ApiError(403, examMessages.tokenRefused, 403);
    return scope;
  };

  const needLive = async (scope: OrgScope, roomid: number) => {
    const live = await scope.selectFrom("lives").select("id").where("id", "=", roomid).executeTakeFirst();
    if (!live) throw fail.bad(examMessages.liveMissing, "roomid");
  };

  const paperOf = (row: { id: number; title: string; created_at: number | string; last_modified: number | string }): ExamPaper => ({
    paper_id: row.id,
    title: row.title,
    created_at: formatDateTime(Number(row.created_at)),
    last_modified: formatDateTime(Number(row.last_modified)),
  });

  return {
    examBound: async (request) => {
      const { roomid, token } = request.query as { roomid: number; token: string };
      const scope = scopeOf(request, token);
      await needLive(scope, roomid);
      const rows = await scope
        .selectFrom("live_papers as b")
        .innerJoin("exam_papers as p", "p.id", "b.paper_id")
        .select(["p.id", "p.title", "p.created_at", "p.last_modified"])
        .where("b.live_id", "=", roomid)
        .orderBy("b.created_at")
        .orderBy("p.id")
        .execute();
      const content = rows.map(paperOf);
      return ok(content, { content, count: content.length });
    },

    examPapers: async (request) => {
      const { page_no, limit, token } = request.query as { page_no: number; limit: number; token: string };
      const scope = scopeOf(request, token);
      const [rows, total] = await Promise.all([
        scope
          .selectFrom("exam_papers")
          .select(["id", "title", "created_at", "last_modified"])
          .orderBy("created_at", "desc")
          .orderBy("id", "desc")
          .limit(limit)
          .offset((page_no - 1) * limit)
          .execute(),
        scope.selectFrom("exam_papers").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
      ]);
      const content = { resultset: rows.map(paperOf), total: Number(total.n) };
      return ok(content, { content, count: content.total });
    },

    examBind: async (request) => {
      const { roomid, paper_id, token } = request.body as { roomid: number; paper_id: number; token: string };
      const scope = scopeOf(request, token);
      await needLive(scope, roomid);
      const paper = await scope.selectFrom("exam_papers").select("id").where("id", "=", paper_id).executeTakeFirst();
      if (!paper) throw fail.bad(examMessages.paperMissing, "paper_id");
      // The (live, paper) key makes a second bind, even one racing the first, insert nothing.
      await scope
        .insertInto("live_papers", { live_id: roomid, paper_id, created_at: Date.now() })
        .onConflict((oc) => oc.columns(["live_id", "paper_id"]).doNothing())
        .execute();
      return ok(null, { msg: "绑定成功" });
    },

    examUnbind: async (request) => {
      const { roomid, paper_id, token } = request.query as { roomid: number; paper_id: number; token: string };
      const scope = scopeOf(request, token);
      await scope.deleteFrom("live_papers").where("live_id", "=", roomid).where("paper_id", "=", paper_id).execute();
      return ok(null, { msg: examMessages.deleted });
    },
  };
}
