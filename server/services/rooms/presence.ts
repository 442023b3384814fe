import { mediaLimits } from "../../../resources/vod/media-api";
import { mediaUrl } from "../media/store";
import type { OrgScope } from "../../engine/org-scope";
import type { PresenceEntry, RoomBroadcast, RoomLive, RoomRecording } from "../../../resources/rooms/room-protocol";
import { smallClassLiveTypes, streamAddress, type PresenceRole } from "../../../resources/rooms/room-api";
import { emit } from "../data-push/emit";
import { formatDateTime } from "../datetime";
import { localDay, startOfDay } from "../stat-range";
import { attendanceOf, attendingRoles } from "./attendance";
import { liveStateAt } from "./live-times";
import type { RoomGrant } from "./room-token";
import { admitVisit, type Admission } from "./viewer-limits";

/** A visit whose process has not touched it for this long belongs to a process that is gone. */
export const STALE_MS = 90_000;

export interface LiveRow {
  id: number;
  title: string;
  begin_time: number;
  end_time: number;
  scale: number;
  voided: number;
  config: string;
  encrypt_room_id: string;
}

/** The live a token names, through the token's organisation; undefined when it is not there. */
export function loadLive(scope: OrgScope, liveId: number): Promise<LiveRow | undefined> {
  return scope
    .selectFrom("lives")
    .select(["id", "title", "begin_time", "end_time", "scale", "voided", "config", "encrypt_room_id"])
    .where("id", "=", liveId)
    .executeTakeFirst();
}

/** The live's teachers or assistants (`i` their identities, `s` their staff rows), through the organisation's identities. */
export const liveStaff = (scope: OrgScope, liveId: number, role: "teacher" | "assistant") =>
  scope.selectFrom("identities as i").innerJoin("live_staff as s", "s.identity_id", "i.id").where("s.live_id", "=", liveId).where("s.role", "=", role);

/** What the room shows of its live: times, state, teachers (in their order), the kind of video. */
export async function roomLive(scope: OrgScope, live: LiveRow, streamTemplate: string, broadcast: RoomBroadcast, now: number): Promise<RoomLive> {
  const teachers = await liveStaff(scope, live.id, "teacher").select(["i.name", "i.nick"]).orderBy("s.position").execute();
  return {
    id: live.id,
    title: live.title,
    begintime: formatDateTime(live.begin_time),
    endtime: formatDateTime(live.end_time),
    state: liveStateAt(live, now),
    livetype: live.scale,
    teachers: teachers.map((t) => t.nick || t.name),
    smallClass: smallClassLiveTypes.includes(live.scale),
    streamUrl: streamAddress(streamTemplate, live.encrypt_room_id || String(live.id)),
    broadcast,
  };
}

/** The live's recordings as its room plays them; `address` turns a stored address into the one handed to the viewer (signed). */
export async function recordingsOf(scope: OrgScope, liveId: number, address: (url: string) => string = (url) => url): Promise<RoomRecording[]> {
  // A recording in the recycle bin is not played; a recorded session's videos on shelf follow, in
  // their order (3 §4: idx above 0).
  const [rows, shelf] = await Promise.all([
    scope.selectFrom("live_recordings").select(["name", "url", "duration_seconds"]).where("live_id", "=", liveId).where("deleted_at", "is", null).orderBy("id").limit(50).execute(),
    scope
      .selectFrom("media_files")
      .select(["filename", "output_name", "duration"])
      .where("live_id", "=", liveId)
      .where("deleted_at", "is", null)
      .where("state", "=", "success")
      .where("idx", ">", 0)
      .orderBy("idx")
      .limit(mediaLimits.sequenceMax)
      .execute(),
  ]);
  return [
    ...rows.map((r) => ({ name: r.name, url: address(r.url), duration: r.duration_seconds, live: true as const })),
    ...shelf.map((m) => ({ name: m.filename, url: address(mediaUrl(m.output_name)), duration: m.duration })),
  ];
}

export interface Connection {
  conn: string;
  node: string;
  device: string;
  ip: string;
}

/**
 * Lets a new connection in (viewer-limits.ts) and writes its viewer log row with the day's views,
 * then the person's attendance; or answers the refusal.
 */
export async function openVisit(scope: OrgScope, grant: RoomGrant, c: Connection, live: LiveRow, now: number): Promise<Admission> {
  const admitted = await admitVisit(scope, grant, c, smallClassLiveTypes.includes(live.scale), now, (tx, visitId, firstPage) => countView(tx, grant.key, visitId, firstPage, now));
  if ("refusal" in admitted) return admitted;
  await saveAttendance(scope, grant, live, now);
  emit(scope, "attendance.entered", attendee(grant, live, now));
  return admitted;
}

/**
 * The dashboard's visitors and views of the day (page_views, GET /stat/useruvpv): a person entering
 * a room they have no other page in is a view (more pages at once are one presence), and the
 * first entry of a viewer that day a visitor. The first is the day's visit with the lowest id,
 * which every visit can tell once its own row is written, so parallel entries of one viewer count
 * one visitor; both counts are added in one conditional upsert.
 */
async function countView(scope: OrgScope, viewerKey: string, visitId: number, firstPage: boolean, now: number) {
  const first = await scope
    .selectFrom("room_visits")
    .select((eb) => eb.fn.min("id").as("id"))
    .where("viewer_key", "=", viewerKey)
    .where("entered_at", ">=", startOfDay(now))
    .executeTakeFirst();
  const uv = Number(first?.id) === visitId ? 1 : 0;
  const pv = firstPage ? 1 : 0;
  if (!uv && !pv) return;
  await scope
    .insertInto("page_views", { day: localDay(now), uv, pv, vod_uv: 0, vod_pv: 0 })
    .onConflict((oc) => oc.columns(["org_id", "day"]).doUpdateSet((eb) => ({ uv: eb("page_views.uv", "+", uv), pv: eb("page_views.pv", "+", pv) })))
    .execute();
}

/** Closes a connection's viewer log row (once), then updates the person's attendance. */
export async function closeVisit(scope: OrgScope, grant: RoomGrant, conn: string, live: LiveRow, now: number): Promise<void> {
  const row = await scope.selectFrom("room_visits").select("entered_at").where("conn", "=", conn).where("left_at", "is", null).executeTakeFirst();
  if (!row) return;
  await scope
    .updateTable("room_visits", { left_at: now, seen_at: now, duration_seconds: Math.max(0, Math.floor((now - row.entered_at) / 1000)) })
    .where("conn", "=", conn)
    .where("left_at", "is", null)
    .execute();
  await saveAttendance(scope, grant, live, now);
  emit(scope, "attendance.left", { ...attendee(grant, live, now), seconds: Math.max(0, Math.floor((now - row.entered_at) / 1000)) });
}

/** Who entered or left which live, as a push receiver is told (3 §2.7 考勤). */
const attendee = (grant: RoomGrant, live: LiveRow, now: number) => ({ liveid: live.id, title: live.title, userid: grant.identityId, username: grant.name, role: grant.role, playtype: grant.playType, time: now });

/** The person's attendance of the live, recomputed from all its visits (attendance.ts). */
async function saveAttendance(scope: OrgScope, grant: RoomGrant, live: LiveRow, now: number) {
  if (!grant.identityId || !attendingRoles.includes(grant.role)) return;
  const visits = await scope
    .selectFrom("room_visits")
    .select(["entered_at", "left_at"])
    .where("live_id", "=", live.id)
    .where("viewer_key", "=", grant.key)
    .where("play_type", "=", grant.playType)
    .execute();
  if (!visits.length) return;
  const figures = attendanceOf(visits, live, grant.playType, now);
  // attendance is a child of the live just read through the scope.
  await scope.shared
    .insertInto("attendance")
    .values({ live_id: live.id, identity_id: grant.identityId, play_type: grant.playType, ...figures })
    .onConflict((oc) => oc.columns(["live_id", "identity_id", "play_type"]).doUpdateSet({ check_state: figures.check_state, online_seconds: figures.online_seconds }))
    .execute();
}

/** Everyone in the live room now, across every server process (the open, fresh visits). */
export async function presentIn(scope: OrgScope, liveId: number, now: number): Promise<PresenceEntry[]> {
  const rows = await scope
    .selectFrom("room_visits")
    .select(["conn", "viewer_key", "username", "role"])
    .where("live_id", "=", liveId)
    .where("play_type", "=", 1)
    .where("left_at", "is", null)
    .where("seen_at", ">=", now - STALE_MS)
    .orderBy("entered_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ conn: r.conn, key: r.viewer_key, name: r.username, role: r.role as PresenceRole }));
}
