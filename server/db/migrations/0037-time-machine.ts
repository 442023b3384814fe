import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * The teacher's time machine (issue 20 item 5; 2 §3, §7 footmark): frames of a live's stream the
 * teacher's built-in room uploads during the live.
 *
 * - `live_footmarks`: one row per stored frame. `name` is the file's random name in the time
 *   machine's store (DATA_DIR/time-machine, 128 bits and `.jpg`), unique, the only thing an address
 *   carries; `taken_at` when it arrived (epoch ms), the timeline's key; `viewer_key` who sent it
 *   (the room's person key), counted for the per-person rate; `bytes` its size, also recorded in
 *   `uploads` against the organisation's quota.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("live_footmarks"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("viewer_key", "varchar(40)", (c) => c.notNull())
    .addColumn("name", "varchar(48)", (c) => c.notNull().unique())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("taken_at", "bigint", (c) => c.notNull())
    .execute();
  // A live's frames in time order, and a person's recent ones.
  await db.schema.createIndex("live_footmarks_live").on("live_footmarks").columns(["live_id", "taken_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("live_footmarks").execute();
}
