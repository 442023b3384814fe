import type { FastifyRequest } from "fastify";
import { userTypeOf } from "../../../resources/auth/auth";
import { portalLimits, portalMessages } from "../../../resources/portal/portal";
import { ApiError, fail } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { parseDateTime } from "../../services/local-time";
import type { PortalRole, Viewer } from "../../services/portal-rooms";

/** The signed-in portal identity, which must be of the user type the call names (2 §6). */
export function viewerOf(request: FastifyRequest, userType: number): Viewer {
  const { identity } = needIdentity(request);
  if (userTypeOf[identity.type] !== userType) throw new ApiError(403, portalMessages.wrongUserType, 403);
  return { identityId: identity.id, role: identity.role as PortalRole };
}

/** A lives range from the query: a bare end date is its whole day; reversed or too wide is refused. */
export function rangeOf(query: { start: string; end: string }): { from: number; to: number } {
  const from = parseDateTime(query.start);
  const to = parseDateTime(query.end, true);
  if (from === null) throw fail.bad("开始时间格式不正确", "start");
  if (to === null) throw fail.bad("结束时间格式不正确", "end");
  if (to < from) throw fail.bad(portalMessages.rangeReversed, "end");
  if (to - from > portalLimits.rangeDays * 86_400_000) throw fail.bad(portalMessages.rangeTooWide, "end");
  return { from, to };
}
