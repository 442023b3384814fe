import type { Dayjs } from "dayjs";
import type { ConsumeRecord } from "../../../../resources/stats/stats";

/** The overview's five panels and yesterday's cards, in order (3 §2.3): every type summed, then four types. */
export const overviewTypes = ["total", "bandwidth", "oss", "convert", "live"] as const;
export type OverviewType = (typeof overviewTypes)[number];

/** Days the projection averages over (issue 19 item 10). */
export const PROJECTION_DAYS = 30;
/** The projection warns when the balance reaches the threshold within this many days. */
export const WARN_WITHIN_DAYS = 7;

const DAY = "YYYY-MM-DD";
const milli = (yuan: number) => Math.round(Number(yuan) * 1000);

/**
 * What the overview asks for (3 §7.2): 1000 records, page 1, of every type, from the first day of
 * the month two months back (the three calendar months' sums) to now. That is at most 92 days,
 * inside the consumption query's 93, and covers the last 3 days, yesterday and the last 30 days.
 */
export function overviewQuery(now: Dayjs) {
  return {
    type: "all",
    page: 1,
    count: 1000,
    begindate: now.subtract(2, "month").startOf("month").format("YYYY-MM-DD HH:mm:ss"),
    enddate: now.format("YYYY-MM-DD HH:mm:ss"),
  };
}

/** Costs in thousandths of a yuan by day and type ('total' every type's), summed exactly (3 §9). */
export function costsByDay(rows: readonly ConsumeRecord[]): Map<string, Map<OverviewType, number>> {
  const days = new Map<string, Map<OverviewType, number>>();
  for (const row of rows) {
    const day = String(row.recorddate).slice(0, 10);
    const costs = days.get(day) ?? new Map<OverviewType, number>();
    const cost = milli(row.consumecost);
    costs.set("total", (costs.get("total") ?? 0) + cost);
    if ((overviewTypes as readonly string[]).includes(row.consumetype)) costs.set(row.consumetype as OverviewType, (costs.get(row.consumetype as OverviewType) ?? 0) + cost);
    days.set(day, costs);
  }
  return days;
}

/** A type's cost on `day`, in thousandths. */
export const costOn = (costs: Map<string, Map<OverviewType, number>>, day: Dayjs, type: OverviewType) => costs.get(day.format(DAY))?.get(type) ?? 0;

/** The last `n` days before today, newest first: [day, thousandths]. */
export const recentDays = (costs: Map<string, Map<OverviewType, number>>, now: Dayjs, type: OverviewType, n = 3) =>
  Array.from({ length: n }, (_, i) => now.subtract(i + 1, "day")).map((day) => [day.format(DAY), costOn(costs, day, type)] as const);

/** The three calendar months to this one, newest first: ['YYYY-MM', thousandths]. */
export function recentMonths(costs: Map<string, Map<OverviewType, number>>, now: Dayjs, type: OverviewType) {
  return [0, 1, 2].map((back) => {
    const month = now.subtract(back, "month").format("YYYY-MM");
    let sum = 0;
    for (const [day, byType] of costs) if (day.startsWith(month)) sum += byType.get(type) ?? 0;
    return [month, sum] as const;
  });
}

export interface Projection {
  /** The average day's cost over the last PROJECTION_DAYS days, thousandths. */
  dailyMilli: number;
  /** Whole days the balance lasts at that rate; null with no use to project from. */
  days: number | null;
  /** Whole days until the balance reaches the threshold; 0 when it is there already. */
  toThreshold: number | null;
  warn: boolean;
}

/** How long the balance lasts at the last 30 days' average use (issue 19 item 10). */
export function projection(costs: Map<string, Map<OverviewType, number>>, now: Dayjs, balanceMilli: number, thresholdMilli: number): Projection {
  let sum = 0;
  for (let i = 1; i <= PROJECTION_DAYS; i++) sum += costOn(costs, now.subtract(i, "day"), "total");
  const dailyMilli = Math.round(sum / PROJECTION_DAYS);
  if (dailyMilli <= 0) return { dailyMilli: 0, days: null, toThreshold: null, warn: false };
  const days = Math.max(0, Math.floor(balanceMilli / dailyMilli));
  const toThreshold = Math.max(0, Math.floor((balanceMilli - thresholdMilli) / dailyMilli));
  return { dailyMilli, days, toThreshold, warn: toThreshold < WARN_WITHIN_DAYS };
}
