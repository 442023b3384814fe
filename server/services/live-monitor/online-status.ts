import { allOnline, monitorMessages, type StudentStatus, type StudentStatusRow } from "../../../resources/live-monitor/monitor-api";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError, fail } from "../../plugins/envelope";
import { attendanceOf } from "../rooms/attendance";
import { STALE_MS } from "../rooms/presence";

export interface StatusQuery {
  page: number;
  count: number;
  liveid: number;
  courseid?: number;
  online: number;
}

/**
 * Who of a live's students is online (2 §3 student status row, §7 user online status): the
 * students enrolled in the live's course (course_students), each online while the room's presence
 * holds an open, fresh visit of theirs to the live (presence.ts `presentIn`'s rule), newest enrolment first;
 * their room nickname and device from their latest visit, their online seconds within the live
 * from all their visits (attendance.ts, so two pages at once count once). The totals count every
 * enrolled student; `sharenum` the share-link viewers in the room now.
 *
 * Built for a course of thousands (issue 20: 5,000 students, p95 < 50 ms): the page is read in the
 * enrolments' order from an index, the online ones checked against the room's open visits read
 * once, the online total counted from the room's side, and only the page's students' visits read.
 */
export async function studentStatus(scope: OrgScope, q: StatusQuery, now: number): Promise<StudentStatus> {
  const live = await scope.selectFrom("lives").select(["id", "title", "course_id", "begin_time", "end_time"]).where("id", "=", q.liveid).executeTakeFirst();
  if (!live) throw fail.notFound(monitorMessages.noLive);
  if (q.courseid !== undefined && q.courseid !== live.course_id) throw new ApiError(1, monitorMessages.wrongCourse);
  const fresh = now - STALE_MS;
  const openVisits = () =>
    scope.selectFrom("room_visits").where("live_id", "=", live.id).where("play_type", "=", 1).where("left_at", "is", null).where("seen_at", ">=", fresh);

  // The students in the room: one read of the live's open visits (room_visits_open), held by the
  // database as a set the enrolments are checked against.
  const present = openVisits().select("identity_id").where("identity_id", "is not", null);

  // Enrolments carry no org_id: they are reached through the live's course, found in the scope above,
  // and through the scope's own identities.
  const enrolled = scope
    .selectFrom("identities as t")
    .innerJoin("course_students as cs", (join) => join.onRef("cs.identity_id", "=", "t.id").on("cs.course_id", "=", live.course_id))
    .where("t.role", "=", "student");
  const chosen = q.online === allOnline ? enrolled : enrolled.where("t.id", q.online === 1 ? "in" : "not in", present);

  const [rows, total, online, shared] = await Promise.all([
    chosen
      .innerJoin("persons as p", "p.id", "t.person_id")
      .select(["t.id", "t.name", "p.mobile"])
      // The newest enrolment first, in the order of course_students_recent (migration 0036), so a page is read, not sorted.
      .orderBy("cs.created_at", "desc")
      .orderBy("cs.identity_id", "desc")
      .limit(q.count)
      .offset((q.page - 1) * q.count)
      .execute(),
    enrolled.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    // Counted from the room's side: its open visits of students enrolled in the course.
    openVisits()
      .innerJoin("course_students as cs", (join) => join.onRef("cs.identity_id", "=", "room_visits.identity_id").on("cs.course_id", "=", live.course_id))
      .where("role", "=", "student")
      .select((eb) => eb.fn.count<number>("room_visits.identity_id").distinct().as("n"))
      .executeTakeFirstOrThrow(),
    openVisits()
      .select((eb) => eb.fn.count<number>("viewer_key").distinct().as("n"))
      .where("role", "=", "guest")
      .executeTakeFirstOrThrow(),
  ]);

  const ids = rows.map((r) => r.id);
  const visits = ids.length
    ? await scope
        .selectFrom("room_visits")
        .select(["identity_id", "entered_at", "left_at", "seen_at", "username", "device"])
        .where("live_id", "=", live.id)
        .where("play_type", "=", 1)
        .where("identity_id", "in", ids)
        .orderBy("entered_at")
        .orderBy("id")
        .execute()
    : [];
  const byStudent = new Map<number, typeof visits>();
  for (const v of visits) byStudent.set(Number(v.identity_id), [...(byStudent.get(Number(v.identity_id)) ?? []), v]);

  const users: StudentStatusRow[] = rows.map((r) => {
    const mine = byStudent.get(r.id) ?? [];
    const last = mine.at(-1);
    const inRoom = mine.some((v) => v.left_at === null && v.seen_at >= fresh);
    // A visit left open by a process that is gone ended when it was last seen.
    const spans = mine.map((v) => ({ entered_at: v.entered_at, left_at: v.left_at ?? (v.seen_at >= fresh ? null : v.seen_at) }));
    return {
      userid: r.id,
      name: r.name,
      username: last?.username ?? "",
      mobile: r.mobile,
      device: last?.device ?? "",
      status: inRoom ? 1 : 0,
      onlinets: spans.length ? attendanceOf(spans, live, 1, now).online_seconds : 0,
    };
  });
  const totalNum = Number(total.n);
  const onlinenum = Number(online.n);
  return {
    users,
    total: totalNum,
    onlinenum,
    sharenum: Number(shared.n),
    title: live.title,
    count: q.online === allOnline ? totalNum : q.online === 1 ? onlinenum : totalNum - onlinenum,
  };
}
