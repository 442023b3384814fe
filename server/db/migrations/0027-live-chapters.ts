import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Chapters of a live's replay (issue 18 item 8): moments the teacher marks during the broadcast.
 *
 * - `live_chapters`: `offset_ms` is the place in the live's recording (the joined HLS segments,
 *   pauses left out), not a wall-clock time, so the playback room seeks to it as it is; `viewer_key`
 *   is who marked it (the room's person key), counted for the per-person rate. Times are epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("live_chapters"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("offset_ms", "bigint", (c) => c.notNull())
    .addColumn("title", "varchar(60)", (c) => c.notNull())
    .addColumn("viewer_key", "varchar(40)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // A live's chapters in order, and their count against the maximum.
  await db.schema.createIndex("live_chapters_live").on("live_chapters").columns(["live_id", "offset_ms"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("live_chapters").execute();
}
