import { liveStatsMessages, type AttendanceRow, type CourseAttendanceRow, type ViewerLogRow, type ViewerSummaryRow } from "../../../resources/live-stats/live-stats-api";
import type { OrgScope } from "../../engine/org-scope";
import { formatDateTime } from "../datetime";
import { fail } from "../../plugins/envelope";
import { statVisits, visitEnd, type StatLive } from "./visits";

export interface Page {
  page: number;
  limit: number;
}

export interface Paged<T> {
  total: number;
  page: number;
  limit: number;
  resultset: T[];
}

const slice = <T>(rows: T[], { page, limit }: Page): Paged<T> => ({ total: rows.length, page, limit, resultset: rows.slice((page - 1) * limit, page * limit) });

/**
 * A page of the viewer log of 2 §3: one row a visit, in the order they entered. With `after` (a
 * visit of the same live and play type), the rows after that one instead of page `page`: keyset
 * paging on (entered_at, id), which room_visits_live (live_id, entered_at) serves as a range, so the
 * export's 20th page of 5000 costs what its first does (an OFFSET walks every row before it).
 */
export async function viewerLog(scope: OrgScope, liveId: number, playType: 1 | 2, at: Page & { after?: number }, now: number): Promise<Paged<ViewerLogRow>> {
  const of = scope.selectFrom("room_visits").where("live_id", "=", liveId).where("play_type", "=", playType);
  const anchor = at.after === undefined ? undefined : await of.select(["entered_at", "id"]).where("id", "=", at.after).executeTakeFirst();
  if (at.after !== undefined && !anchor) throw fail.bad(liveStatsMessages.cursorMissing, "after");
  const page = of.select(["id", "username", "identity_id", "device", "ip", "exparam", "entered_at", "left_at", "seen_at", "duration_seconds"]).orderBy("entered_at").orderBy("id").limit(at.limit);
  const [{ n }, rows] = await Promise.all([
    of.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    anchor
      ? // The lower bound alone is what the index ranges over; the OR then drops the anchor's own earlier ties.
        page
          .where("entered_at", ">=", anchor.entered_at)
          .where((eb) => eb.or([eb("entered_at", ">", anchor.entered_at), eb("id", ">", anchor.id)]))
          .execute()
      : page.offset((at.page - 1) * at.limit).execute(),
  ]);
  return {
    total: Number(n),
    page: at.page,
    limit: at.limit,
    resultset: rows.map((r) => ({
      id: r.id,
      username: r.username,
      intime: formatDateTime(r.entered_at),
      outtime: r.left_at === null ? "" : formatDateTime(r.left_at),
      duration: r.left_at === null ? Math.max(0, Math.floor((visitEnd(r, now) - r.entered_at) / 1000)) : r.duration_seconds,
      device: r.device,
      ip: r.ip,
      userid: r.identity_id ?? 0,
      exparam: r.exparam,
    })),
  };
}

type Visit = Awaited<ReturnType<typeof statVisits>>[number];

/** The length of the union of [from, to) spans clipped to [lo, hi), in ms. */
function covered(spans: readonly [number, number][], lo = -Infinity, hi = Infinity): number {
  const clipped = spans.map(([a, b]) => [Math.max(a, lo), Math.min(b, hi)] as [number, number]).filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of clipped) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/** Visits grouped by viewer, in the order each first entered. */
function byViewer(visits: readonly Visit[]): Visit[][] {
  const groups = new Map<string, Visit[]>();
  for (const v of visits) {
    const own = groups.get(v.viewer);
    if (own) own.push(v);
    else groups.set(v.viewer, [v]);
  }
  return [...groups.values()];
}

/** A page of the viewers of a live or its playback: visits, first entry, last exit, seconds present (two pages at once counted once). */
export async function viewerSummary(scope: OrgScope, liveId: number, playType: 1 | 2, at: Page, now: number): Promise<Paged<ViewerSummaryRow>> {
  const rows = byViewer(await statVisits(scope, [liveId], playType, now)).map((own): ViewerSummaryRow => ({
    viewer: own[0].viewer,
    username: own[own.length - 1].name,
    userid: own[0].identity ?? 0,
    visits: own.length,
    firsttime: formatDateTime(Math.min(...own.map((v) => v.from))),
    lasttime: formatDateTime(Math.max(...own.map((v) => v.to))),
    duration: Math.floor(covered(own.map((v) => [v.from, v.to])) / 1000),
  }));
  return slice(rows, at);
}

/** Whose attendance a report lists: the live's students and the share link's guests, not its staff or admins looking in. */
const attendees = new Set(["student", "guest"]);

const clock = (ms: number, day: string) => {
  const text = formatDateTime(ms);
  return text.slice(0, 10) === day ? text.slice(11) : text;
};

/** Enrolled students the closing job marked absent (attendance undo, no visit), by identity, with their names. */
async function absentees(scope: OrgScope, liveIds: readonly number[]) {
  if (!liveIds.length) return [];
  // attendance is a child of the lives just read through the scope; identities carry the organisation.
  return scope
    .selectFrom("identities as i")
    .innerJoin("attendance as a", "a.identity_id", "i.id")
    .select(["a.live_id", "i.id", "i.name", "i.nick"])
    .where("a.live_id", "in", liveIds)
    .where("a.play_type", "=", 1)
    .where("a.check_state", "=", "undo")
    .where("i.role", "=", "student")
    .execute();
}

/** A live's length in ms (at least a second, so a zero-length live divides). */
const lengthOf = (live: StatLive) => Math.max(1000, live.end_time - live.begin_time);

const percentOf = (ms: number, live: StatLive) => Math.min(100, Math.floor((ms * 100) / lengthOf(live)));

/**
 * A live's attendance (issue 20 item 10): each student or guest who came, with every visit, the
 * seconds present within the live's times, and whether that is at least `ratio` % of its length;
 * then the enrolled students who never came (0 s), most present first.
 */
export async function liveAttendance(scope: OrgScope, live: StatLive, ratio: number, at: Page, now: number): Promise<Paged<AttendanceRow>> {
  const day = formatDateTime(live.begin_time).slice(0, 10);
  const visits = (await statVisits(scope, [live.id], 1, now)).filter((v) => attendees.has(v.role));
  const rows = byViewer(visits).map((own): AttendanceRow => {
    const ms = covered(own.map((v) => [v.from, v.to]), live.begin_time, live.end_time);
    const percent = percentOf(ms, live);
    return {
      viewer: own[0].viewer,
      username: own[own.length - 1].name,
      userid: own[0].identity ?? 0,
      joins: own.length,
      spans: own.map((v) => `${clock(v.from, day)}-${clock(v.to, day)}`).join("；"),
      firsttime: formatDateTime(own[0].from),
      lasttime: formatDateTime(Math.max(...own.map((v) => v.to))),
      duration: Math.floor(ms / 1000),
      percent,
      attended: percent >= ratio ? 1 : 0,
    };
  });
  const came = new Set(rows.map((r) => r.userid));
  for (const a of await absentees(scope, [live.id]))
    if (!came.has(a.id)) rows.push({ viewer: `i${a.id}`, username: a.nick || a.name, userid: a.id, joins: 0, spans: "", firsttime: "", lasttime: "", duration: 0, percent: 0, attended: 0 });
  rows.sort((x, y) => y.duration - x.duration || x.userid - y.userid);
  return slice(rows, at);
}

/** A course's attendance: each student or guest over its lives that have begun, the lives attended at `ratio` % or more of each, most first. */
export async function courseAttendance(scope: OrgScope, courseId: number, ratio: number, at: Page, now: number): Promise<Paged<CourseAttendanceRow> & { lives: number }> {
  const lives = await scope
    .selectFrom("lives")
    .select(["id", "title", "course_id", "begin_time", "end_time"])
    .where("course_id", "=", courseId)
    .where("voided", "=", 0)
    .where("begin_time", "<=", now)
    .execute();
  const byId = new Map(lives.map((l) => [l.id, l]));
  const visits = (await statVisits(scope, lives.map((l) => l.id), 1, now)).filter((v) => attendees.has(v.role));
  const rows = new Map<string, CourseAttendanceRow>();
  for (const own of byViewer(visits)) {
    const row: CourseAttendanceRow = { viewer: own[0].viewer, username: own[own.length - 1].name, userid: own[0].identity ?? 0, attended: 0, lives: lives.length, duration: 0, percent: 0 };
    for (const live of lives) {
      const ms = covered(own.filter((v) => v.live === live.id).map((v) => [v.from, v.to]), live.begin_time, live.end_time);
      row.duration += Math.floor(ms / 1000);
      if (ms > 0 && percentOf(ms, live) >= ratio) row.attended += 1;
    }
    row.percent = lives.length ? Math.floor((row.attended * 100) / lives.length) : 0;
    rows.set(row.viewer, row);
  }
  for (const a of await absentees(scope, [...byId.keys()]))
    if (!rows.has(`i${a.id}`)) rows.set(`i${a.id}`, { viewer: `i${a.id}`, username: a.nick || a.name, userid: a.id, attended: 0, lives: lives.length, duration: 0, percent: 0 });
  const all = [...rows.values()].sort((x, y) => y.attended - x.attended || y.duration - x.duration || x.userid - y.userid);
  return { ...slice(all, at), lives: lives.length };
}
