import type { FastifyRequest } from "fastify";
import { roomMessages } from "../../../resources/rooms/room-api";
import type { SignedOrg } from "../../engine/org-scope";
import { ApiError } from "../../plugins/envelope";
import { verifyRoomToken, type RoomGrant } from "../../services/rooms/room-token";

type Grant = RoomGrant & SignedOrg;

/** The grant each request's credential verified, for its handler (and nothing else) to read. */
const verified = new WeakMap<FastifyRequest, Grant>();

/** The room token a call carries: `?token=`, or the body's `token` for a POST. */
function tokenOf(request: FastifyRequest): unknown {
  const fromQuery = (request.query as { token?: unknown } | undefined)?.token;
  return fromQuery ?? (request.body as { token?: unknown } | undefined)?.token;
}

/**
 * The credential of the room's own calls (`room.viewer`): a room token this server signed, whose
 * live, person and role it names. Refused in the room's words with code 403 (the room page shows it;
 * a 401 would send the page to the console's sign-in, which a share link's guest has none of).
 */
export const roomViewerCredential = (key: Buffer) => (request: FastifyRequest) => {
  const token = tokenOf(request);
  const grant = typeof token === "string" ? verifyRoomToken(key, token) : null;
  if (!grant) throw new ApiError(403, roomMessages.tokenInvalid);
  verified.set(request, grant);
};

/** The verified grant of a `room.viewer` call. */
export function roomViewerOf(request: FastifyRequest): Grant {
  const grant = verified.get(request);
  if (!grant) throw new ApiError(403, roomMessages.tokenInvalid);
  return grant;
}
