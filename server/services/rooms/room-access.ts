import { roomMessages, type RoomUserType } from "../../../resources/rooms/room-api";
import type { RoomRole } from "../../../resources/rooms/rooms";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError } from "../../plugins/envelope";
import type { Auth } from "../../plugins/session";
import { menuKeysOf } from "../menu";
import { entryMinutes } from "./live-times";
import type { RoomGrant } from "./room-token";

type Identity = NonNullable<Auth["identity"]>;

export interface EnterQuery {
  room_id: number;
  group_id: number;
  user_type: RoomUserType;
  replay?: 0 | 1;
}

/** A refusal of the room: code 403 with a msg the room page shows as it is (2 §8 "room token failure shows server msg"). */
const refuse = (msg: string) => new ApiError(403, msg);

/** The role an identity enters as with a user_type (2 §6): each identity type has exactly one. */
function roleFor(identity: Identity, userType: RoomUserType): RoomRole | null {
  if (userType === 0) return identity.role === "student" ? "student" : null;
  if (userType === 1) return identity.role === "teacher" ? "teacher" : null;
  if (identity.role === "assistant") return "assistant";
  // An organisation admin monitors a room as the assistant type; a sub-admin needs the live list's key.
  if (identity.role === "admin" || (identity.role === "subadmin" && menuKeysOf(identity).has("liveop"))) return "admin";
  return null;
}

/**
 * Who may enter a live's room (issue 11 item 2, 2 §6, 3 §7.5): the signed-in identity of the live's
 * organisation, with the user_type of its type, being one of the live's teachers (1), its
 * assistants (2), a student of the live or of its course (0), or an admin of the organisation (2).
 * The live must be active; a live room opens from the role's entry time before the start (the
 * live config's teaEnterTs / stuEnterTs) until the end, the playback room at any time.
 */
export async function roomGrantFor(scope: OrgScope, identity: Identity, nickname: string, q: EnterQuery, now: number): Promise<RoomGrant> {
  if (q.group_id !== identity.orgId) throw refuse(roomMessages.otherOrganisation);
  const live = await scope
    .selectFrom("lives")
    .select(["id", "course_id", "begin_time", "end_time", "voided", "config"])
    .where("id", "=", q.room_id)
    .executeTakeFirst();
  if (!live) throw refuse(roomMessages.liveNotFound);
  if (live.voided) throw refuse(roomMessages.voided);
  const role = roleFor(identity, q.user_type);
  if (!role) throw refuse(roomMessages.wrongUserType);
  if (!(await belongs(scope, role, identity.id, live))) throw refuse(roomMessages.notOnList);
  const replay = q.replay === 1;
  if (!replay) {
    const minutes = entryMinutes(live.config, role);
    if (minutes !== null && now < live.begin_time - minutes * 60_000) throw refuse(roomMessages.notYet(minutes));
    if (now >= live.end_time) throw refuse(roomMessages.ended);
  }
  return {
    orgId: identity.orgId,
    liveId: live.id,
    identityId: identity.id,
    userType: q.user_type,
    role,
    key: `i${identity.id}`,
    name: nickname,
    playType: replay ? 2 : 1,
    exparam: "",
  };
}

/** Whether the identity is one of the live's people in that role (child rows of the live just read). */
async function belongs(scope: OrgScope, role: RoomRole, identityId: number, live: { id: number; course_id: number }): Promise<boolean> {
  if (role === "admin") return true;
  if (role === "teacher" || role === "assistant") {
    const row = await scope.shared
      .selectFrom("live_staff")
      .select("identity_id")
      .where("live_id", "=", live.id)
      .where("identity_id", "=", identityId)
      .where("role", "=", role)
      .executeTakeFirst();
    return !!row;
  }
  const ofLive = await scope.selectFrom("live_students").select("identity_id").where("live_id", "=", live.id).where("identity_id", "=", identityId).executeTakeFirst();
  if (ofLive) return true;
  const ofCourse = await scope.shared
    .selectFrom("course_students")
    .select("identity_id")
    .where("course_id", "=", live.course_id)
    .where("identity_id", "=", identityId)
    .executeTakeFirst();
  return !!ofCourse;
}
