import { sql } from "kysely";
import type { Db } from "../../db/database";
import { STALE_MS } from "./presence";

const MINUTE = 60_000;

/** One page's time in a room, of one person of one group (an organisation's live or playback rooms). */
export interface Presence {
  group: string;
  person: string;
  from: number;
  to: number;
}

/**
 * The most people of each group present at one moment of [from, to): a person's pages are one
 * presence (their spans merged), and someone leaving as another arrives is not two at once.
 */
export function peaksWithin(spans: Presence[], from: number, to: number): Map<string, number> {
  const byGroup = new Map<string, Map<string, [number, number][]>>();
  for (const s of spans) {
    const a = Math.max(s.from, from);
    const b = Math.min(s.to, to);
    if (b <= a) continue;
    let people = byGroup.get(s.group);
    if (!people) byGroup.set(s.group, (people = new Map()));
    const own = people.get(s.person);
    if (own) own.push([a, b]);
    else people.set(s.person, [[a, b]]);
  }
  const peaks = new Map<string, number>();
  for (const [group, people] of byGroup) {
    // +1 where a person's merged presence begins, -1 where it ends; at one instant the ends come first.
    const edges: [number, number][] = [];
    for (const own of people.values()) {
      own.sort((x, y) => x[0] - y[0]);
      let [start, end] = own[0];
      for (const [a, b] of own.slice(1)) {
        if (a > end) {
          edges.push([start, 1], [end, -1]);
          [start, end] = [a, b];
        } else end = Math.max(end, b);
      }
      edges.push([start, 1], [end, -1]);
    }
    edges.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    let now = 0;
    let peak = 0;
    for (const [, step] of edges) peak = Math.max(peak, (now += step));
    peaks.set(group, peak);
  }
  return peaks;
}

/** The visits that overlapped [from, now), each with its end: its exit, or for an open one now (a gone process's: its last sign of life). */
async function presencesSince(db: Db, from: number, now: number): Promise<Presence[]> {
  const columns = ["org_id", "play_type", "live_id", "viewer_key", "entered_at", "left_at", "seen_at"] as const;
  const k = db.kysely;
  const [closed, open] = await Promise.all([
    k.selectFrom("room_visits").select(columns).where("left_at", ">", from).where("entered_at", "<", now).execute(),
    k.selectFrom("room_visits").select(columns).where("left_at", "is", null).where("entered_at", "<", now).execute(),
  ]);
  return [...closed, ...open].map((v) => ({
    group: `${v.org_id}:${v.play_type}`,
    person: `${v.live_id}:${v.viewer_key}`,
    from: v.entered_at,
    to: v.left_at ?? (v.seen_at < now - STALE_MS ? v.seen_at : now),
  }));
}

/**
 * The per-minute concurrency (1 §2.3, 3 §2.2): for each organisation, the most people in its live
 * rooms (live_concurrency) and its playback rooms (replay_concurrency) at any moment of a minute,
 * taken from the visits themselves, so a visit that begins and ends between two runs counts, and
 * the viewers of every process are in it. Each run writes the minute before `now` whole and the
 * minute of `now` so far; a minute's figure only grows (the larger stays), so a repeated run, or
 * several processes running, agree. Rooms that emptied in the minute before get one 0, for the
 * minute of `now`, so a chart does not carry their last figure on.
 */
export async function sampleConcurrency(db: Db, now: number): Promise<void> {
  const current = Math.floor(now / MINUTE) * MINUTE;
  const presences = await presencesSince(db, current - MINUTE, now);
  const previous = peaksWithin(presences, current - MINUTE, current);
  const sofar = peaksWithin(presences, current, now);
  for (const key of previous.keys()) if (!sofar.has(key)) sofar.set(key, 0);
  for (const [ts, peaks] of [[current - MINUTE, previous], [current, sofar]] as const)
    for (const [key, usernum] of peaks) {
      const [org, play] = key.split(":").map(Number);
      const table = play === 1 ? "live_concurrency" : "replay_concurrency";
      const larger = db.dialect === "postgres" ? sql<number>`greatest(${sql.ref(`${table}.usernum`)}, excluded.usernum)` : sql<number>`max(${sql.ref(`${table}.usernum`)}, excluded.usernum)`;
      await db.kysely
        .insertInto(table)
        .values({ org_id: org, ts, usernum })
        .onConflict((oc) => oc.columns(["org_id", "ts"]).doUpdateSet({ usernum: larger }))
        .execute();
    }
}
