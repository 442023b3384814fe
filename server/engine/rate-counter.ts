import { sql } from "kysely";
import type { Db } from "../db/database";

export interface Window {
  max: number;
  windowMs: number;
}

/**
 * Counts one hit of `key` in its window, in one conditional upsert: answers how long until the
 * window ends when it already holds `max` (nothing counted then), or null when the hit was
 * admitted. A window that is over starts again at one. Being one statement on the shared
 * database, parallel requests in one process or several cannot slip past the limit.
 */
export async function takeHit(db: Db, key: string, { max, windowMs }: Window, now = Date.now()): Promise<number | null> {
  const since = now - windowMs;
  const over = sql<boolean>`rate_counters.window_started_at <= ${since}`;
  const counted = await db.kysely
    .insertInto("rate_counters")
    .values({ key, hits: 1, window_started_at: now })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet({
          hits: sql`case when ${over} then 1 else rate_counters.hits + 1 end`,
          window_started_at: sql`case when ${over} then ${now} else rate_counters.window_started_at end`,
        })
        .where((eb) => eb.or([over, eb("rate_counters.hits", "<", max)])),
    )
    .returning("key")
    .executeTakeFirst();
  if (counted) return null;
  const row = await db.kysely.selectFrom("rate_counters").select("window_started_at").where("key", "=", key).executeTakeFirst();
  const ends = Number(row?.window_started_at ?? now) + windowMs;
  return Math.max(1, Math.ceil((ends - now) / 1000));
}

/** Forgets windows that ended before `now - keepMs` (the cleanup job), at most `n` rows. */
export async function sweepCounters(db: Db, before: number, n: number): Promise<number> {
  const k = db.kysely;
  const rows = k.selectFrom("rate_counters").select("key").where("window_started_at", "<", before).limit(n);
  return Number((await k.deleteFrom("rate_counters").where("key", "in", rows).executeTakeFirst()).numDeletedRows);
}
