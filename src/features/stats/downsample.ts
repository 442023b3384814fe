import { MAX_CHART_POINTS } from "../../../resources/stats/stats";

/**
 * At most `max` points, keeping the peak of each run of consecutive points (so a spike in
 * concurrency or bandwidth never disappears from the chart), in their original order.
 */
export function downsample<P>(points: readonly P[], peak: (point: P) => number, max: number = MAX_CHART_POINTS): P[] {
  if (points.length <= max) return [...points];
  const size = Math.ceil(points.length / max);
  const kept: P[] = [];
  for (let start = 0; start < points.length; start += size) {
    let best = points[start];
    for (let i = start + 1; i < Math.min(start + size, points.length); i++) if (peak(points[i]) > peak(best)) best = points[i];
    kept.push(best);
  }
  return kept;
}

/**
 * One point per calendar day, the day's peak (1 §2.3: daily concurrency is the day's maximum),
 * dated 'YYYY-MM-DD'. Points already daily pass through unchanged.
 */
export function dailyPeaks<P extends { date: string }>(points: readonly P[], peak: (point: P) => number): P[] {
  const days = new Map<string, P>();
  for (const point of points) {
    const day = point.date.slice(0, 10);
    const best = days.get(day);
    if (!best || peak(point) > peak(best)) days.set(day, { ...point, date: day });
  }
  return [...days.values()];
}
