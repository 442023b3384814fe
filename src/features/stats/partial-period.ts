import dayjs from "dayjs";

const MINUTE_MS = 60_000;
const isDay = (date: string) => date.length === "YYYY-MM-DD".length;

/**
 * The date of the point whose period had not ended at `now` (today, or the hour or minute bucket
 * under way), or null. Its figure is so far, not the period's: drawn like the others, an hour into
 * the day it reads as a day of no use. Only the last point can be one, as no later period has data.
 * A bucket is as wide as the narrowest gap between points (the server's buckets are even, a
 * minute at the narrowest).
 */
export function partialDate(points: readonly { date: string }[], now: number): string | null {
  const last = points.at(-1)?.date;
  if (!last) return null;
  if (isDay(last)) return last === dayjs(now).format("YYYY-MM-DD") ? last : null;
  const starts = points.map((point) => dayjs(point.date).valueOf());
  const width = starts.slice(1).reduce((narrowest, start, i) => Math.min(narrowest, start - starts[i]), Infinity);
  const start = starts.at(-1)!;
  return start <= now && now < start + (Number.isFinite(width) ? width : MINUTE_MS) ? last : null;
}
