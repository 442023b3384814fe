import { sql } from "kysely";
import type { LiveRecord } from "../../../resources/lives/live-api";
import type { OrgScope } from "../../engine/org-scope";
import { parseDateTime } from "../local-time";

/** A recorded session as /vodop lists it (3 §3): the live and the media it is bound to. */
export type RecordedSession = LiveRecord & { totalMediaCount: number; enableMediaCount: number; mediaListStatus: 1 | 2 | 0 | -1 };

/**
 * The derived media fields of 3 §3 for a page of sessions, from their videos out of the recycle bin:
 * 1 some on shelf, 2 videos but none on shelf, 0 none, -1 none and the session over (unbound, expired).
 */
export async function withMediaCounts(scope: OrgScope, rows: LiveRecord[], now = Date.now()): Promise<RecordedSession[]> {
  const ids = rows.map((r) => r.Id);
  const counts = ids.length
    ? await scope
        .selectFrom("media_files")
        .select((eb) => [
          "live_id",
          eb.fn.countAll<number>().as("total"),
          eb.fn.sum<number>(sql<number>`case when state = 'success' and idx > 0 then 1 else 0 end`).as("enabled"),
        ])
        .where("live_id", "in", ids)
        .where("deleted_at", "is", null)
        .groupBy("live_id")
        .execute()
    : [];
  const byLive = new Map(counts.map((c) => [c.live_id, { total: Number(c.total), enabled: Number(c.enabled) }]));
  return rows.map((row) => {
    const { total, enabled } = byLive.get(row.Id) ?? { total: 0, enabled: 0 };
    const over = (parseDateTime(row.EndTime) ?? Infinity) < now;
    const status = total ? (enabled ? 1 : 2) : over ? -1 : 0;
    return { ...row, totalMediaCount: total, enableMediaCount: enabled, mediaListStatus: status };
  });
}
