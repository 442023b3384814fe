import type { FastifyInstance, FastifyRequest } from "fastify";
import { liveApi, liveCourseKeys, liveMessages } from "../../../resources/live-api";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { anyMenuGuard } from "../../plugins/permissions";
import { findConflicts, type ConflictQuery } from "../../services/live-conflicts";
import { addLive, changeLive, type LiveChange, type LiveInput } from "../../services/live-writes";
import { voidLive } from "../../services/lives/void";
import { route } from "../../engine/route";

const tags = ["lives"];

/**
 * POST and PATCH /cms/live and GET /cms/liveconflicts (2 §5, §7), guarded before validation like
 * the lists whose 创建直播 and 修改 lead here: liveop, or courseop, whose course page shows them.
 * They stay beside the resource engine: a live is a row and its ordered staff in another table, it
 * is added against the organisation's balance (918) and shaped by its course (type, sub-classes,
 * simulated lives) and the group's defaults, none of which a table declaration can say. PATCH
 * `{id, status: 0}` voids (2 §7, the sub-class list), through the one void of DELETE /cms/live.
 */
export default async function liveWriteRoutes(app: FastifyInstance, { db }: Ctx) {
  const guard = anyMenuGuard(liveCourseKeys);

  route(app, liveApi.create, { body: "live.create", guard, summary: "Lives: add (918 at the arrears limit; a template makes it a simulated live)", tags }, async (request: FastifyRequest) => {
    return ok(await addLive(orgScope(request, db), request.body as LiveInput), { msg: "添加成功" });
  });

  const updateSummary = "Lives: modify (a started live keeps its start; initnum -1 keeps the audience base); {id, status: 0} voids instead";
  route(app, liveApi.update, { body: "live.edit", guard, summary: updateSummary, tags }, async (request) => {
    const body = request.body as LiveChange | { id: number; status: 0 };
    if ("status" in body) {
      await voidLive(orgScope(request, db), body.id);
      return ok(null, { msg: liveMessages.voided });
    }
    return ok(await changeLive(orgScope(request, db), body), { msg: "修改成功" });
  });

  route(app, liveApi.conflicts, { query: "live.conflicts.query", guard, summary: "Lives of the given teachers or assistants overlapping [begintime, endtime), the changed one left out", tags }, async (request) => {
    const rows = await findConflicts(orgScope(request, db), request.query as ConflictQuery);
    return ok(rows, { count: rows.length });
  });
}
