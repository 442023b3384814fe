import { CONSUME_RANGE, parseDateTime, rangeProblem, STAT_RANGE, type RangeLimit } from "../../resources/stats/stats";
import { fail } from "../plugins/envelope";

export { CONSUME_RANGE, STAT_RANGE };

export const DAY_MS = 86_400_000;

/** A checked range: epoch ms, both ends included, and the local calendar days it touches. */
export interface StatRange {
  begin: number;
  end: number;
  firstDay: string;
  lastDay: string;
}

export interface RangeQuery {
  begindate?: string;
  enddate?: string;
}

/**
 * The one place the range rules of 3 §5 are enforced (the length cannot be said in JSON Schema):
 * a refused range answers code 400 with the page's own words (最多请求31天数据, 最多查询3个月数据,
 * 请选择查询日期), never a 500.
 */
export function needRange(query: RangeQuery, limit: RangeLimit = STAT_RANGE): StatRange {
  const problem = rangeProblem(query.begindate, query.enddate, limit);
  if (problem) {
    // A missing or malformed end is named, so the page can mark it; a bad span names neither.
    const unusable = (v?: string) => !v || parseDateTime(v) === null;
    throw fail.bad(problem, unusable(query.begindate) ? "begindate" : unusable(query.enddate) ? "enddate" : undefined);
  }
  const begin = parseDateTime(query.begindate)!;
  const end = parseDateTime(query.enddate)!;
  return { begin, end, firstDay: localDay(begin), lastDay: localDay(end) };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 'YYYY-MM-DD' of the server's local calendar, the day the platform bills. */
export function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Local midnight of the day holding `ms`. */
export function startOfDay(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/** Local midnight `n` calendar days after the day holding `ms` (23 or 25 hours away across a DST change). */
export function addDays(ms: number, n: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + n).getTime();
}

/** The local days a range touches, each clipped to the range: [start, stop). */
export function daysOf(begin: number, end: number): { label: string; start: number; stop: number }[] {
  const days = [];
  for (let start = startOfDay(begin); start <= end; start = addDays(start, 1))
    days.push({ label: localDay(start), start: Math.max(start, begin), stop: Math.min(addDays(start, 1), end + 1) });
  return days;
}
