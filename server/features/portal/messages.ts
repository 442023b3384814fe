import type { FastifyRequest } from "fastify";
import type { FeatureCtx } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { groupMessages, messageGroups } from "../../services/portal-messages";
import { viewerOf } from "./viewer";

/** The portal's organisations and their messages (2 §7 "user groups", "group message"). */
export const messageHandlers = ({ db }: FeatureCtx) => ({
  groups: async (request: FastifyRequest) => {
    viewerOf(request, (request.query as { type: number }).type);
    const groups = await messageGroups(orgScope(request, db));
    return ok(groups.map(({ id, name }) => ({ id, name })));
  },

  groupMessages: async (request: FastifyRequest) => {
    const { groupid, ts } = request.query as { groupid?: number; ts?: number };
    const scope = orgScope(request, db);
    if (groupid !== undefined && groupid !== scope.orgId) throw fail.forbidden();
    const groups = await messageGroups(scope);
    const page = groupid === undefined ? { messages: [], next: null } : await groupMessages(scope, ts || undefined);
    return ok({ groups, ...page });
  },
});
