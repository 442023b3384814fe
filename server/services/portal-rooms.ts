import { sql } from "kysely";
import type { OrgScope } from "../engine/org-scope";
import { entryMinutes, liveConfigDefaults, parseLiveConfig } from "../../resources/lives/live-config";
import type { LiveTeacher } from "../../resources/lives/live-api";
import { portalLimits, roomStatus, type PortalRoom, type RoomStatus } from "../../resources/portal/portal";
import { formatDateTime } from "./datetime";

export type PortalRole = "teacher" | "assistant" | "student";

/** Whose lives: the signed-in portal identity. */
export interface Viewer {
  identityId: number;
  role: PortalRole;
}

/** What a room's state is read from. */
export interface LiveClock {
  begin_time: number;
  end_time: number;
  /** LiveState: 2 once the live was ended, whatever its planned end. */
  status: number;
  config: string;
}

/** Minutes before the start a role may enter: the live's teaEnterTs (teachers, assistants) or stuEnterTs. */
export function entryMinutesOf(config: string, role: PortalRole): number {
  const parsed = parseLiveConfig(config);
  const key = role === "student" ? "stuEnterTs" : "teaEnterTs";
  const minutes = Number(parsed[key]);
  if (!Number.isFinite(minutes) || minutes < 0) return Number(liveConfigDefaults[key]);
  return Math.min(minutes, entryMinutes.max);
}

/**
 * A room's status for a role at `now` (2 §4): not started (-1) until entry opens, `enterts` being
 * the whole seconds left; in progress (0) from then until the end; then replay (1) when the live has
 * a recording, else ended (2). A live ended early (LiveState 2) is over at once.
 */
export function roomState(live: LiveClock, role: PortalRole, hasRecording: boolean, now: number): { status: RoomStatus; enterts: number } {
  if (now >= live.end_time || live.status === 2) return { status: hasRecording ? roomStatus.replay : roomStatus.ended, enterts: 0 };
  const opens = live.begin_time - entryMinutesOf(live.config, role) * 60_000;
  if (now < opens) return { status: roomStatus.notStarted, enterts: Math.ceil((opens - now) / 1000) };
  return { status: roomStatus.live, enterts: 0 };
}

/**
 * The lives a person sees, never voided ones: a teacher's or assistant's are those they staff in
 * that role; a student's are those they were added to and those of the courses they are enrolled
 * in. The child tables are asked only for the signed-in identity, which the session read through
 * this organisation.
 */
export function visibleLives(scope: OrgScope, viewer: Viewer) {
  const base = scope.selectFrom("lives as l").where("l.voided", "=", 0);
  if (viewer.role !== "student") {
    const staffed = scope.shared.selectFrom("live_staff").select("live_id").where("identity_id", "=", viewer.identityId).where("role", "=", viewer.role);
    return base.where("l.id", "in", staffed);
  }
  const added = scope.selectFrom("live_students").select("live_id").where("identity_id", "=", viewer.identityId);
  const enrolled = scope.shared.selectFrom("course_students").select("course_id").where("identity_id", "=", viewer.identityId);
  return base.where((eb) => eb.or([eb("l.id", "in", added), eb("l.course_id", "in", enrolled)]));
}

/** The courses a person has any visible live in, and (students) those they are enrolled in. */
export async function visibleCourseIds(scope: OrgScope, viewer: Viewer): Promise<number[]> {
  const viaLives = await visibleLives(scope, viewer).select("l.course_id").distinct().execute();
  const enrolled =
    viewer.role === "student" ? await scope.shared.selectFrom("course_students").select("course_id").where("identity_id", "=", viewer.identityId).execute() : [];
  return [...new Set([...viaLives, ...enrolled].map((r) => r.course_id))];
}

export interface RoomFilter {
  /** Lives beginning at or after, and at or before (epoch ms). */
  from?: number;
  to?: number;
  courseId?: number;
}

/** The raw rows of the person's lives, by start time, at most portalLimits.rooms. */
export async function roomRows(scope: OrgScope, viewer: Viewer, filter: RoomFilter) {
  let q = visibleLives(scope, viewer)
    .innerJoin("courses as c", "c.id", "l.course_id")
    .select(["l.id", "l.title", "l.begin_time", "l.end_time", "l.status", "l.scale", "l.config", "l.updated_at", "c.id as course_id", "c.title as course_title"]);
  if (filter.from !== undefined) q = q.where("l.begin_time", ">=", filter.from);
  if (filter.to !== undefined) q = q.where("l.begin_time", "<=", filter.to);
  if (filter.courseId !== undefined) q = q.where("l.course_id", "=", filter.courseId);
  return q.orderBy("l.begin_time").orderBy("l.id").limit(portalLimits.rooms).execute();
}

/** The teachers of each live, main teacher first, as the live's JSON text would carry them. */
export async function teachersOf(scope: OrgScope, liveIds: number[]): Promise<Map<number, LiveTeacher[]>> {
  const byLive = new Map<number, LiveTeacher[]>();
  if (!liveIds.length) return byLive;
  const rows = await scope
    .selectFrom("identities as i")
    .innerJoin("live_staff as s", "s.identity_id", "i.id")
    .select(["s.live_id", "i.id", "i.name", "i.nick"])
    .where("s.live_id", "in", liveIds)
    .where("s.role", "=", "teacher")
    .orderBy("s.position")
    .orderBy("i.id")
    .execute();
  for (const r of rows) byLive.set(r.live_id, [...(byLive.get(r.live_id) ?? []), { account: r.id, name: r.name, nick: r.nick }]);
  return byLive;
}

/** The lives among `liveIds` that have something to play back: a recording, or a recorded session's video on shelf. */
async function recorded(scope: OrgScope, liveIds: number[]): Promise<Set<number>> {
  if (!liveIds.length) return new Set();
  const [recordings, shelved] = await Promise.all([
    scope.selectFrom("live_recordings").select("live_id").where("live_id", "in", liveIds).where("deleted_at", "is", null).groupBy("live_id").execute(),
    scope.selectFrom("media_files").select("live_id").where("live_id", "in", liveIds).where("deleted_at", "is", null).where("state", "=", "success").where("idx", ">", 0).groupBy("live_id").execute(),
  ]);
  return new Set([...recordings, ...shelved].map((r) => r.live_id));
}

/** The person's rooms as the portal lists them (2 §3 "Portal"), with status and countdown at `now`. */
export async function roomsOf(scope: OrgScope, viewer: Viewer, filter: RoomFilter, now: number): Promise<PortalRoom[]> {
  const rows = await roomRows(scope, viewer, filter);
  const ids = rows.map((r) => r.id);
  const [teachers, replays] = await Promise.all([teachersOf(scope, ids), recorded(scope, ids.filter((_id, i) => rows[i].end_time <= now || rows[i].status === 2))]);
  return rows.map((r) => ({
    live_id: r.id,
    group_id: scope.orgId,
    live_type: r.scale,
    title: r.title,
    ...roomState(r, viewer.role, replays.has(r.id), now),
    begin_time: formatDateTime(r.begin_time),
    end_time: formatDateTime(r.end_time),
    teachers: teachers.get(r.id) ?? [],
    class_id: r.course_id,
    class_name: r.course_title,
  }));
}

/** The local days ('YYYY-MM-DD') on which the person has a live beginning in [from, to]. */
export async function liveDays(scope: OrgScope, viewer: Viewer, from: number, to: number): Promise<string[]> {
  const rows = await visibleLives(scope, viewer)
    .select("l.begin_time")
    .where("l.begin_time", ">=", from)
    .where("l.begin_time", "<=", to)
    .orderBy("l.begin_time")
    .limit(10_000)
    .execute();
  return [...new Set(rows.map((r) => formatDateTime(r.begin_time).slice(0, 10)))];
}

/**
 * The person's courses, in progress (`ended` false: valid and not expired) or ended (expired or
 * made invalid), newest first, each with how many of its lives the person sees and how many of
 * those are over.
 */
export async function classesOf(scope: OrgScope, viewer: Viewer, ended: boolean, now: number) {
  const ids = await visibleCourseIds(scope, viewer);
  if (!ids.length) return [];
  const courses = await scope
    .selectFrom("courses as c")
    .select(["c.id", "c.title"])
    .where("c.id", "in", ids)
    .where((eb) => (ended ? eb.or([eb("c.expire", "<", now), eb("c.status", "<>", 1)]) : eb.and([eb("c.expire", ">=", now), eb("c.status", "=", 1)])))
    .orderBy("c.id", "desc")
    .limit(portalLimits.classes)
    .execute();
  if (!courses.length) return [];
  const counts = await visibleLives(scope, viewer)
    .select([
      "l.course_id",
      (eb) => eb.fn.countAll<number>().as("total"),
      sql<number>`sum(case when l.end_time <= ${now} or l.status = 2 then 1 else 0 end)`.as("over"),
    ])
    .where("l.course_id", "in", courses.map((c) => c.id))
    .groupBy("l.course_id")
    .execute();
  const byCourse = new Map(counts.map((c) => [c.course_id, c]));
  return courses.map((c) => ({
    class_id: c.id,
    class_name: c.title,
    group_id: scope.orgId,
    end: Number(byCourse.get(c.id)?.over ?? 0),
    total: Number(byCourse.get(c.id)?.total ?? 0),
  }));
}

/** Whether the course is one of the person's (any state). */
export async function seesCourse(scope: OrgScope, viewer: Viewer, courseId: number): Promise<boolean> {
  return (await visibleCourseIds(scope, viewer)).includes(courseId);
}
