import type { PlayType, PresenceRole, RoomUserType } from "../../../resources/rooms/room-api";
import type { Role } from "../../db/schema";
import { signedScope, type Actor, type OrgScope, type SignedOrg } from "../../engine/org-scope";
import type { Db } from "../../db/database";
import { signToolToken, verifyToolToken } from "../tool-tokens";

/** The tool name room tokens are signed for: no tool page's token opens a room, nor the reverse. */
const ROOM_TOOL = "room";

/**
 * How long a room token opens the room's WebSocket. It travels in the framed page's address, so it
 * is short; a connected page is handed a fresh one every few minutes (room-hub.ts) to reconnect with.
 */
export const roomTokenSeconds = 30 * 60;

/** Whom a room token lets in, and as what. */
export interface RoomGrant {
  orgId: number;
  liveId: number;
  /** 0 for a share-link viewer. */
  identityId: number;
  userType: RoomUserType;
  role: PresenceRole;
  /** The person in the room: "i<identity>", "w<whitelist entry>", "a<random>". */
  key: string;
  name: string;
  playType: PlayType;
  /** The share link's exparam, written into the viewer log. */
  exparam: string;
}

const roles: readonly PresenceRole[] = ["teacher", "assistant", "student", "admin", "guest"];

export function signRoomToken(key: Buffer, grant: RoomGrant, now = Date.now()): string {
  const bind = { live: grant.liveId, ut: grant.userType, role: grant.role, vk: grant.key, name: grant.name, play: grant.playType, ex: grant.exparam };
  return signToolToken(key, { orgId: grant.orgId, identityId: grant.identityId, tool: ROOM_TOOL, bind }, now, roomTokenSeconds).token;
}

/** The grant of a well-signed, unexpired room token; null for anything else. */
export function verifyRoomToken(key: Buffer, token: string, now = Date.now()): (RoomGrant & SignedOrg) | null {
  const claims = verifyToolToken(key, token, now);
  if (!claims || claims.tool !== ROOM_TOOL || !claims.bind) return null;
  const { live, ut, role, vk, name, play, ex } = claims.bind;
  if (!Number.isInteger(live) || ![0, 1, 2].includes(ut as number) || ![1, 2].includes(play as number)) return null;
  if (typeof role !== "string" || !roles.includes(role as PresenceRole) || typeof vk !== "string" || typeof name !== "string") return null;
  const grant: RoomGrant = {
    orgId: claims.orgId,
    liveId: live as number,
    identityId: claims.identityId,
    userType: ut as RoomUserType,
    role: role as PresenceRole,
    key: vk,
    name,
    playType: play as PlayType,
    exparam: typeof ex === "string" ? ex : "",
  };
  return grant as RoomGrant & SignedOrg;
}

/** Who acts for a room token in the audit log: a share link's guest counts as a student. */
export const actorOf = (grant: RoomGrant): Actor => ({ id: grant.identityId, name: grant.name, role: (grant.role === "guest" ? "student" : grant.role) as Role });

/** The organisation scope of a verified room token (org-scope.ts `signedScope`, the room's one door). */
export const roomScope = (grant: RoomGrant & SignedOrg, db: Db): OrgScope => signedScope(grant, db, actorOf(grant));
