import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { liveStatsMessages } from "../../../resources/live-stats/live-stats-api";
import { STALE_MS } from "../rooms/presence";
import type { StatVisit } from "./figures";

export interface StatLive {
  id: number;
  title: string;
  course_id: number;
  begin_time: number;
  end_time: number;
}

/** The organisation's live, voided or not (its figures stay); another organisation's, or none, is refused in words. */
export async function statLive(scope: OrgScope, liveId: number, field: string): Promise<StatLive> {
  const live = await scope.selectFrom("lives").select(["id", "title", "course_id", "begin_time", "end_time"]).where("id", "=", liveId).executeTakeFirst();
  if (!live) throw fail.bad(liveStatsMessages.liveMissing, field);
  return live;
}

/** Where a visit ends: its exit; an open one now, or its last sign of life when its process is gone (as concurrency.ts reads them). */
export const visitEnd = (v: { left_at: number | null; seen_at: number }, now: number) => v.left_at ?? (v.seen_at < now - STALE_MS ? v.seen_at : now);

/** Every visit of the live's room (play type 1) or of its playback (2), as the figures read them. */
export async function statVisits(scope: OrgScope, liveIds: readonly number[], playType: 1 | 2, now: number): Promise<(StatVisit & { live: number; name: string; identity: number | null; role: string })[]> {
  if (!liveIds.length) return [];
  const rows = await scope
    .selectFrom("room_visits")
    .select(["live_id", "viewer_key", "username", "identity_id", "role", "device", "ip", "entered_at", "left_at", "seen_at"])
    .where("live_id", "in", liveIds)
    .where("play_type", "=", playType)
    .orderBy("entered_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    live: r.live_id,
    viewer: r.viewer_key,
    name: r.username,
    identity: r.identity_id,
    role: r.role,
    device: r.device,
    ip: r.ip,
    from: r.entered_at,
    to: Math.max(r.entered_at, visitEnd(r, now)),
  }));
}
