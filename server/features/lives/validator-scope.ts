import type { FastifyRequest } from "fastify";
import { validatorMessages, validatorTokenTool } from "../../../resources/lives/live-validator";
import type { Db } from "../../db/database";
import { orgScope, type OrgScope } from "../../engine/org-scope";
import { ApiError, fail } from "../../plugins/envelope";
import { verifyToolToken } from "../../services/tool-tokens";
import { activeLive } from "../../services/active-live";

/**
 * The scope of a validator-service call (2 §7): the session's organisation, and a token of the
 * validator tool issued to this identity of this organisation for this very live (`roomid`).
 * Any other token, or none that verifies (tampered, expired, another key), is 401 with words
 * saying what to do; a live that is gone or voided since is refused as such.
 *
 * The handler's first step rather than an `access.credential`: it runs on the validated query
 * (`roomid` a number, or a field's message), and it makes the live's scope the handler works in.
 * Who may call at all (the menu keys) is the declaration's access, resolved before it.
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
