import dayjs, { type Dayjs } from "dayjs";
import { DASHBOARD_RANGE_DAYS, DATE_TIME_FORMAT } from "../../../resources/stats/stats";

/** The `{begindate, enddate}` every range call carries ('YYYY-MM-DD HH:mm:ss', local time). */
export interface RangeQuery {
  begindate: string;
  enddate: string;
}

export type DayRange = [Dayjs, Dayjs];

/** Whole days: from the first day's 00:00:00 to the last day's 23:59:59. */
export const rangeQuery = ([first, last]: DayRange): RangeQuery => ({
  begindate: first.startOf("day").format(DATE_TIME_FORMAT),
  enddate: last.endOf("day").format(DATE_TIME_FORMAT),
});

/** `days` back from today through today, as whole days. */
export const lastDays = (days: number, now: number | Dayjs = dayjs()): DayRange => {
  const today = dayjs(now);
  return [today.subtract(days, "day"), today];
};

/** The dashboard charts' range (1 §7): 29 days back (2,505,600,000 ms) through the end of today. */
export const dashboardRange = (now: number = Date.now()): RangeQuery => rangeQuery(lastDays(DASHBOARD_RANGE_DAYS, now));

/** The statistics pages open on the last 30 days (3 §5). */
export const STAT_DEFAULT_DAYS = 30;
export const defaultStatRange = (now: number = Date.now()): DayRange => lastDays(STAT_DEFAULT_DAYS, now);
