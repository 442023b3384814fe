import { concurrencyPoints, deviceLabels, type DeviceKind, type LiveConcurrencyDataset, type LiveDeviceStat, type LiveInternalStat } from "../../../resources/live-stats/live-stats-api";
import { formatDateTime } from "../datetime";

const MINUTE = 60_000;

/** One visit of the room as the statistics read it: whose, from where, on what, from when to when (its end resolved, see visitEnd). */
export interface StatVisit {
  viewer: string;
  device: string;
  ip: string;
  from: number;
  to: number;
}

/** The spans of each person, merged, so two pages open at once are one presence. */
function mergedByPerson(visits: readonly StatVisit[]): [number, number][][] {
  const byPerson = new Map<string, [number, number][]>();
  for (const v of visits) {
    if (v.to <= v.from) continue;
    const own = byPerson.get(v.viewer);
    if (own) own.push([v.from, v.to]);
    else byPerson.set(v.viewer, [[v.from, v.to]]);
  }
  return [...byPerson.values()].map((own) => {
    own.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [a, b] of own) {
      const last = merged[merged.length - 1];
      if (last && a <= last[1]) last[1] = Math.max(last[1], b);
      else merged.push([a, b]);
    }
    return merged;
  });
}

/** The viewers of each device (3 §3 stat content); a viewer seen on two devices counts under both, and once in the total. */
export function deviceStat(visits: readonly StatVisit[]): LiveDeviceStat {
  const seen = Object.fromEntries(Object.keys(deviceLabels).map((d) => [d, new Set<string>()])) as Record<DeviceKind, Set<string>>;
  for (const v of visits) (seen[v.device as DeviceKind] ?? seen.pc).add(v.viewer);
  return {
    pc_usernum: seen.pc.size,
    android_usernum: seen.android.size,
    ios_usernum: seen.ios.size,
    ipad_usernum: seen.ipad.size,
    h5_usernum: seen.h5.size,
    total_usernum: new Set(visits.map((v) => v.viewer)).size,
  };
}

/** UV (distinct viewers), IP (distinct addresses) and TL (seconds present, each person's pages counted once). */
export function internalStat(visits: readonly StatVisit[]): LiveInternalStat {
  const ms = mergedByPerson(visits).reduce((sum, own) => sum + own.reduce((s, [a, b]) => s + (b - a), 0), 0);
  return {
    UV: new Set(visits.map((v) => v.viewer)).size,
    IP: new Set(visits.map((v) => v.ip).filter(Boolean)).size,
    TL: Math.floor(ms / 1000),
  };
}

/**
 * The most people present at once in each minute from the first minute of `from` to the minute of
 * `to`: each person's merged presence a +1 where it begins and a -1 where it ends (ends first at one
 * instant, so someone leaving as another arrives is not two), swept once. Then, past `points`
 * minutes, consecutive minutes are taken together, each point the largest of its minutes (3 §9: a
 * peak must not be averaged away).
 */
export function concurrencyLine(visits: readonly StatVisit[], from: number, to: number, points = concurrencyPoints): LiveConcurrencyDataset {
  const first = Math.floor(from / MINUTE);
  const minutes = Math.max(0, Math.floor(to / MINUTE) - first + 1);
  if (minutes === 0) return { concurrency_usernum: [], concurrency_datetime: [] };
  const peak = new Array<number>(minutes).fill(0);
  const edges: [number, number][] = [];
  for (const own of mergedByPerson(visits)) for (const [a, b] of own) edges.push([a, 1], [b, -1]);
  edges.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let level = 0;
  let since = from;
  const mark = (a: number, b: number) => {
    // The level held over [a, b): every minute it touches has at least it.
    if (level === 0 || b <= a) return;
    const lo = Math.max(0, Math.floor(a / MINUTE) - first);
    const hi = Math.min(minutes - 1, Math.floor((b - 1) / MINUTE) - first);
    for (let m = lo; m <= hi; m++) if (peak[m] < level) peak[m] = level;
  };
  for (const [at, step] of edges) {
    mark(since, at);
    since = at;
    level += step;
  }
  const size = Math.ceil(minutes / points);
  const usernum: number[] = [];
  const datetime: string[] = [];
  for (let m = 0; m < minutes; m += size) {
    usernum.push(Math.max(...peak.slice(m, m + size)));
    datetime.push(formatDateTime((first + m) * MINUTE));
  }
  return { concurrency_usernum: usernum, concurrency_datetime: datetime };
}
