import { allScales, type MonitorRow } from "../../../resources/live-monitor/monitor-api";
import type { OrgScope } from "../../engine/org-scope";
import { formatDateTime } from "../datetime";
import { STALE_MS } from "../rooms/presence";

/** Recorded sessions (3 §2.1) have no live room to watch. */
const recordedCourseType = 200;

export interface MonitorQuery {
  page: number;
  count: number;
  scale: number;
  ts: number;
}

/**
 * The people in each live's room now, by live, from the room's presence (presence.ts `presentIn`:
 * the open visits of the live play type that a process touched within STALE_MS), a person with
 * two pages open counted once. One grouped read for a whole page, not one per live.
 */
export async function viewersOf(scope: OrgScope, liveIds: readonly number[], now: number): Promise<Map<number, number>> {
  if (!liveIds.length) return new Map();
  const rows = await scope
    .selectFrom("room_visits")
    .select((eb) => ["live_id", eb.fn.count<number>("viewer_key").distinct().as("n")])
    .where("live_id", "in", liveIds)
    .where("play_type", "=", 1)
    .where("left_at", "is", null)
    .where("seen_at", ">=", now - STALE_MS)
    .groupBy("live_id")
    .execute();
  return new Map(rows.map((r) => [Number(r.live_id), Number(r.n)]));
}

/**
 * The monitor's page (2 §7 live monitor): the organisation's lives, voided ones and recorded
 * sessions left out, whose time meets the window of `ts` seconds either side of now, of one class
 * type (or all), soonest start first; each with the people in its room now.
 */
export async function monitorLives(scope: OrgScope, q: MonitorQuery, now: number): Promise<{ rows: MonitorRow[]; total: number }> {
  const reach = q.ts * 1000;
  let base = scope
    .selectFrom("lives")
    .where("voided", "=", 0)
    .where("course_type", "!=", recordedCourseType)
    .where("begin_time", "<=", now + reach)
    .where("end_time", ">=", now - reach);
  if (q.scale !== allScales) base = base.where("scale", "=", q.scale);
  const [rows, total] = await Promise.all([
    base
      .select(["id", "course_id", "title", "begin_time", "end_time", "scale"])
      .orderBy("begin_time")
      .orderBy("id")
      .limit(q.count)
      .offset((q.page - 1) * q.count)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const viewers = await viewersOf(scope, rows.map((r) => r.id), now);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      courseid: r.course_id,
      title: r.title,
      begintime: formatDateTime(r.begin_time),
      endtime: formatDateTime(r.end_time),
      livetype: r.scale,
      usernum: viewers.get(r.id) ?? 0,
    })),
    total: Number(total.n),
  };
}
