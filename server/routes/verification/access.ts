import type { FastifyInstance, FastifyRequest } from "fastify";
import { liveCourseKeys } from "../../../resources/live-api";
import { validatorMessages, validatorTokenTool } from "../../../resources/live-validator";
import type { Db } from "../../db/database";
import { orgScope, type OrgScope } from "../../engine/org-scope";
import { ApiError, fail } from "../../plugins/envelope";
import { needAnyMenu } from "../../plugins/permissions";
import { activeLive } from "../../services/active-live";
import { verifyToolToken } from "../tools/tokens";

const TOO_MANY = "请求过于频繁，请稍后再试";

/**
 * A guard for the verification calls: the main admin or a sub-admin holding a key of the live
 * lists whose rows open the drawer (liveop, or courseop for a course's lives), within a
 * per-identity rate (`perMinute`), checked before the request is validated. A person saving
 * settings and paging a list stays far below it; a loop does not.
 */
export function verificationGuard(app: FastifyInstance, perMinute: number) {
  const count = app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator: (r) => `i${r.auth?.identity?.id ?? r.ip}` });
  return async (request: FastifyRequest) => {
    needAnyMenu(request, liveCourseKeys);
    const state = await count(request);
    if (!state.isAllowed && state.isExceeded) throw new ApiError(429, TOO_MANY, 429, { retryAfter: state.ttlInSeconds });
  };
}

/**
 * The scope of a validator-service call (2 §7): the session's organisation, and a token of the
 * validator tool issued to this identity of this organisation for this very live (`roomid`).
 * Any other token, or none that verifies (tampered, expired, another key), is 401 with words
 * saying what to do; a live that is gone or voided since is refused as such.
 */
export async function validatorScope(request: FastifyRequest, db: Db, key: Buffer): Promise<{ scope: OrgScope; liveId: number }> {
  const scope = orgScope(request, db);
  const { roomid, token } = request.query as { roomid: number; token: string };
  const claims = verifyToolToken(key, token);
  const bound =
    claims !== null &&
    claims.tool === validatorTokenTool &&
    claims.bind?.live === roomid &&
    claims.orgId === scope.orgId &&
    claims.identityId === scope.actor.id;
  if (!bound) throw new ApiError(401, validatorMessages.tokenRefused, 401);
  if (!(await activeLive(scope, roomid))) throw fail.bad(validatorMessages.liveMissing, "roomid");
  return { scope, liveId: roomid };
}
