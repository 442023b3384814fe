import { sql } from "kysely";
import { MAX_CHART_POINTS, MINUTE_SERIES_MAX_DAYS, type BandwidthPoint, type ConcurrencyPoint } from "../../resources/stats/stats";
import type { OrgScope } from "../engine/org-scope";
import { formatDateTime } from "./datetime";
import { DAY_MS, daysOf, type StatRange } from "./stat-range";

const MINUTE_MS = 60_000;

/** Bucket widths a chart may use, in minutes: a reader can tell the time of every point. */
const CONCURRENCY_WIDTHS = [1, 2, 3, 5, 10, 15, 30, 60];
/** Bandwidth is sampled every 5 minutes. */
const BANDWIDTH_WIDTHS = [5, 10, 15, 30, 60, 120, 180, 360, 720, 1440];

type Series = { table: "live_concurrency" | "replay_concurrency"; column: "usernum" } | { table: "vod_bandwidth"; column: "mbps" };
interface Bucketed {
  /** Index of the bucket (a minute bucket from the origin, or a day of the range). */
  b: number;
  v: number;
}

/**
 * The narrowest width (minutes) that keeps a range within MAX_CHART_POINTS buckets, with the
 * origin on the range's first whole minute.
 */
export function bucketsFor(range: Pick<StatRange, "begin" | "end">, widths: number[]): { origin: number; width: number } {
  const origin = Math.floor(range.begin / MINUTE_MS) * MINUTE_MS;
  const span = range.end - origin + 1;
  const minutes = widths.find((w) => Math.ceil(span / (w * MINUTE_MS)) <= MAX_CHART_POINTS) ?? widths[widths.length - 1];
  return { origin, width: minutes * MINUTE_MS };
}

/** The maximum of each bucket of `width` ms from `origin`, over the organisation's samples in the range. */
async function maxPerBucket(scope: OrgScope, s: Series, range: StatRange, origin: number, width: number): Promise<Bucketed[]> {
  // Integer division on both databases: better-sqlite3 binds numbers as REAL, so cast them.
  // Grouped by the output name: PostgreSQL cannot tell that two bound copies of the expression are one.
  const bucket = sql<number>`(ts - cast(${origin} as bigint)) / cast(${width} as bigint)`;
  return scope
    .selectFrom(s.table)
    .select([bucket.as("b"), sql<number>`max(${sql.ref(s.column)})`.as("v")])
    .where("ts", ">=", range.begin)
    .where("ts", "<=", range.end)
    .groupBy(sql.ref("b"))
    .orderBy(sql.ref("b"))
    .execute();
}

/**
 * The maximum of each local calendar day of the range. Day boundaries come from the server's
 * calendar (a day across a DST change is 23 or 25 hours). One aggregate per day, joined by
 * UNION ALL: each is an index range scan with nothing to sort, where one GROUP BY over a month
 * of minutes would sort 44,640 rows first (measured: 2 ms against 17 ms on SQLite).
 */
async function maxPerDay(scope: OrgScope, s: Series, days: { start: number; stop: number }[]): Promise<Bucketed[]> {
  const perDay = days.map((d, i) =>
    scope
      .selectFrom(s.table)
      .select([sql<number>`${sql.lit(i)}`.as("b"), sql<number | null>`max(${sql.ref(s.column)})`.as("v")])
      .where("ts", ">=", d.start)
      .where("ts", "<", d.stop),
  );
  const rows = await perDay.slice(1).reduce((all, day) => all.unionAll(day), perDay[0]).execute();
  // A day without samples has no maximum; the order of UNION ALL's rows is not promised.
  return rows.filter((r): r is Bucketed => r.v !== null).sort((x, y) => Number(x.b) - Number(y.b));
}

/**
 * People online over a range (1 §2.3, 3 §2.2): up to two days, the maximum of each minute
 * bucket (one minute when that stays within MAX_CHART_POINTS, else 2, 3… minutes); beyond,
 * the daily maximum. Only buckets holding samples are answered.
 */
export async function concurrencySeries(scope: OrgScope, table: "live_concurrency" | "replay_concurrency", range: StatRange): Promise<ConcurrencyPoint[]> {
  const s: Series = { table, column: "usernum" };
  if (range.end - range.begin <= MINUTE_SERIES_MAX_DAYS * DAY_MS) {
    const { origin, width } = bucketsFor(range, CONCURRENCY_WIDTHS);
    const rows = await maxPerBucket(scope, s, range, origin, width);
    return rows.map((r) => ({ date: formatDateTime(origin + Number(r.b) * width), usernum: Number(r.v) }));
  }
  const days = daysOf(range.begin, range.end);
  const rows = await maxPerDay(scope, s, days);
  return rows.map((r) => ({ date: days[Number(r.b)].label, usernum: Number(r.v) }));
}

/** Peak vod bandwidth per bucket (5 minutes up to a day wide), at most MAX_CHART_POINTS points. */
export async function bandwidthSeries(scope: OrgScope, range: StatRange): Promise<BandwidthPoint[]> {
  const { origin, width } = bucketsFor(range, BANDWIDTH_WIDTHS);
  const rows = await maxPerBucket(scope, { table: "vod_bandwidth", column: "mbps" }, range, origin, width);
  return rows.map((r) => ({ date: formatDateTime(origin + Number(r.b) * width), mbps: Math.round(Number(r.v) * 100) / 100 }));
}
