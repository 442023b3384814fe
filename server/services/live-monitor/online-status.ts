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
 * holds an open, fresh visit of theirs to the live (presence.ts `presentIn`'s rule), online first;
 * their room nickname and device from their latest visit, their online seconds within the live
 * from all their visits (attendance.ts, so two pages at once count once). The totals count every
 * enrolled student; `sharenum` the share-link viewers in the room now.
 *
 * Built for a course of thousands: the online set is one derived table of the live's open visits
 * (room_visits_open), joined once, the totals one aggregate, and only the page's students' visits read.
 */
export async function studentStatus(scope: OrgScope, q: StatusQuery, now: number): Promise<StudentStatus> {
  const live = await scope.selectFrom("lives").select(["id", "title", "course_id", "begin_time", "end_time"]).where("id", "=", q.liveid).executeTakeFirst();
  if (!live) throw fail.notFound(monitorMessages.noLive);
  if (q.courseid !== undefined && q.courseid !== live.course_id) throw new ApiError(1, monitorMessages.wrongCourse);
  const fresh = now - STALE_MS;
  const openVisits = () =>
    scope.selectFrom("room_visits").where("live_id", "=", live.id).where("play_type", "=", 1).where("left_at", "is", null).where("seen_at", ">=", fresh);
  const online = openVisits().select("identity_id").distinct().where("identity_id", "is not", null);

  // Enrolments carry no org_id: they are reached through the live's course, found in the scope above,
  // and through the scope's own identities.
  const enrolled = scope
    .selectFrom("identities as t")
    .innerJoin("course_students as cs", (join) => join.onRef("cs.identity_id", "=", "t.id").on("cs.course_id", "=", live.course_id))
    .innerJoin("persons as p", "p.id", "t.person_id")
    .leftJoin(online.as("o"), (join) => join.onRef("o.identity_id", "=", "t.id"))
    .where("t.role", "=", "student");
  const chosen = q.online === allOnline ? enrolled : enrolled.where("o.identity_id", q.online === 1 ? "is not" : "is", null);

  const [rows, totals, shared] = await Promise.all([
    chosen
      .select(["t.id", "t.name", "p.mobile", "o.identity_id as present"])
      // Online first, then the newest enrolment (a CASE, as the databases sort nulls differently).
      .orderBy((eb) => eb.case().when("o.identity_id", "is not", null).then(0).else(1).end())
      .orderBy("cs.created_at", "desc")
      .orderBy("t.id", "desc")
      .limit(q.count)
      .offset((q.page - 1) * q.count)
      .execute(),
    enrolled.select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.count<number>("o.identity_id").as("online")]).executeTakeFirstOrThrow(),
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
    // A visit left open by a process that is gone ended when it was last seen.
    const spans = mine.map((v) => ({ entered_at: v.entered_at, left_at: v.left_at ?? (v.seen_at >= fresh ? null : v.seen_at) }));
    return {
      userid: r.id,
      name: r.name,
      username: last?.username ?? "",
      mobile: r.mobile,
      device: last?.device ?? "",
      status: r.present === null ? 0 : 1,
      onlinets: spans.length ? attendanceOf(spans, live, 1, now).online_seconds : 0,
    };
  });
  const total = Number(totals.total);
  const onlinenum = Number(totals.online);
  return {
    users,
    total,
    onlinenum,
    sharenum: Number(shared.n),
    title: live.title,
    count: q.online === allOnline ? total : q.online === 1 ? onlinenum : total - onlinenum,
  };
}
