import type { FastifyInstance, FastifyRequest } from "fastify";
import auditLog, { auditApi } from "../../resources/platform/audit-log";
import type { ResourceDecl } from "../../resources/kernel/define";
import type { Ctx } from "../context";
import { fail, ok } from "../plugins/envelope";
import { needAnyMenu } from "../plugins/permissions";
import { needIdentity } from "../plugins/session";
import { route } from "./route";
import { orgScope } from "./org-scope";
import { toWire } from "./table-rows";

/**
 * `GET /cms/audithistory?resource=<name>&id=<id>[&page&count]`: one record's 变更记录, newest
 * first, in the rows of the organisation's log (resources/platform/audit-log.ts). Bespoke beside the
 * engine because its guard is the menu key of the resource it names, read from the query before
 * the query is validated: whoever may open a list may read the history of its records.
 */
export function registerAuditHistory(app: FastifyInstance, { db }: Ctx, resources: readonly ResourceDecl[]) {
  const byName = new Map(resources.map((r) => [r.name, r]));
  const guard = (request: FastifyRequest) => {
    needIdentity(request, "admin");
    const target = byName.get(String((request.query as { resource?: unknown }).resource ?? ""));
    if (!target) throw fail.bad("资源不正确", "resource");
    // Whoever may list a resource's records through a page of another menu may read their history too.
    return needAnyMenu(request, [target.menu.key, ...(target.menu.alsoFor ?? [])], target.mainAdminOnly);
  };
  route(app, auditApi.history, { query: "audit-history.query", guard, summary: "A record's change history (变更记录), newest first", tags: ["audit"], declared: "table" }, async (request) => {
    const { resource, id, page, count } = request.query as { resource: string; id: number; page: number; count: number };
    const scope = orgScope(request, db);
    const mine = () => scope.selectFrom("audit_log").where("resource", "=", resource).where("record_id", "=", id);
    const [rows, total] = await Promise.all([
      mine().selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(count).offset((page - 1) * count).execute(),
      mine().select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
    ]);
    return ok(rows.map((r) => toWire(auditLog.table, auditLog.id, r)), { count: Number(total?.n ?? 0) });
  });
}
