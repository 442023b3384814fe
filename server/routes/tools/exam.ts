import type { FastifyInstance, FastifyRequest } from "fastify";
import { examApi, examMessages, type ExamPaper } from "../../../resources/exam";
import { examBinding, examTokenTools } from "../../../resources/tools";
import type { Ctx } from "../../context";
import { orgScope, type OrgScope } from "../../engine/org-scope";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { needResource } from "../../plugins/permissions";
import { formatDateTime } from "../../services/datetime";
import { route } from "../../engine/route";
import { verifyToolToken } from "./tokens";

const tags = ["exam"];

/**
 * The exam service of 3 §7.1, answered by Lectern under the exam prefix. It stays a route file
 * rather than engine declarations because its shapes are the exam service's, not the cms
 * families': the token travels in the query or body beside the session, lists answer `content`
 * (`content.resultset` and `content.total` for the papers, a bare array for a live's), pages are
 * `page_no`/`limit`, and binding is keyed by the pair (roomid, paper_id), not by a record id.
 *
 * A call needs both the session (the organisation every query is scoped to, through the
 * org-scoped accessor) and a live token of an exam tool for that same identity: the token says
 * the console page asked for it, the session says who is asking now.
 */
export default async function examRoutes(app: FastifyInstance, { db, key }: Ctx & { key: Buffer }) {
  const guard = (request: FastifyRequest) => needResource(request, { menu: { group: "classroom", key: examBinding.menuKey } });

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

  route(app, examApi.bound, { query: "exam.bound.query", guard, summary: "Exam: the papers bound to live roomid, in binding order; answers content (array)", tags }, async (request) => {
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
  });

  route(app, examApi.papers, { query: "exam.papers.query", guard, summary: "Exam: the organisation's papers, newest first; answers content.resultset and content.total", tags }, async (request) => {
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
  });

  route(app, examApi.bind, { body: "exam.bind", query: "exam.bind.query", guard, summary: "Exam: binds paper_id to live roomid; binding a bound paper again changes nothing", tags }, async (request) => {
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
  });

  route(app, examApi.unbind, { query: "exam.unbind.query", guard, summary: "Exam: unbinds paper_id from live roomid; unbinding an unbound paper changes nothing", tags }, async (request) => {
    const { roomid, paper_id, token } = request.query as { roomid: number; paper_id: number; token: string };
    const scope = scopeOf(request, token);
    await scope.deleteFrom("live_papers").where("live_id", "=", roomid).where("paper_id", "=", paper_id).execute();
    return ok(null, { msg: examMessages.deleted });
  });
}
