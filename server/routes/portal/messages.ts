import type { FastifyInstance } from "fastify";
import { portalApi } from "../../../resources/portal";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { groupMessages, messageGroups } from "../../services/portal-messages";
import { route } from "../../engine/route";
import { portalGuard, viewerOf } from "./viewer";

const tags = ["portal"];

/** The portal's organisations and their messages (2 §7 "user groups", "group message"). */
export default async function portalMessageRoutes(app: FastifyInstance, { db }: Ctx) {
  route(app, portalApi.groups, { query: "portal.groups.query", guard: portalGuard, summary: "The organisations the person acts in with a role", tags }, async (request) => {
    viewerOf(request, (request.query as { type: number }).type);
    const groups = await messageGroups(orgScope(request, db));
    return ok(groups.map(({ id, name }) => ({ id, name })));
  });

  route(app, portalApi.groupMessages, { query: "portal.group-messages.query", guard: portalGuard, summary: "Message groups with their last message, and a page of one group's messages", tags }, async (request) => {
    const { groupid, ts } = request.query as { groupid?: number; ts?: number };
    const scope = orgScope(request, db);
    if (groupid !== undefined && groupid !== scope.orgId) throw fail.forbidden();
    const groups = await messageGroups(scope);
    const page = groupid === undefined ? { messages: [], next: null } : await groupMessages(scope, ts || undefined);
    return ok({ groups, ...page });
  });
}
