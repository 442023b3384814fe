import { sql, type Kysely } from "kysely";

/**
 * The live rooms' limits per person and per address (issue 16 items 2.2, 2.3) and the per-minute
 * concurrency taken from the visits themselves (3.19):
 *
 * - `room_guest_passes`: viewer tokens a share link gave one address for one live, counted in a
 *   window by one conditional upsert (as `room_share_tries` counts wrong answers).
 * - `room_visits_open_guest`: a live's open share-viewer visits by address, counted at each guest's
 *   entry (the guests of an address, and of the live) from the index alone.
 * - `room_visits_left`: visits by the time they ended, so a minute's peak reads the visits that
 *   overlapped it, the short ones that began and ended within it included.
 * - `room_chats_viewer`: a person's latest messages in a live, counted at each new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("room_guest_passes")
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    .addColumn("issued", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("room_guest_passes_pk", ["live_id", "ip"])
    .execute();
  await db.schema
    .createIndex("room_visits_open_guest")
    .on("room_visits")
    // Every column the count names (the scope's org_id, and those of the condition), so SQLite's
    // planner takes it over room_visits_open and answers from the index alone.
    .columns(["org_id", "live_id", "role", "left_at", "ip"])
    .where(sql<boolean>`left_at is null and role = 'guest'`)
    .execute();
  await db.schema.createIndex("room_visits_left").on("room_visits").columns(["left_at"]).execute();
  await db.schema.createIndex("room_chats_viewer").on("room_chats").columns(["live_id", "viewer_key", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["room_chats_viewer", "room_visits_left", "room_visits_open_guest"]) await db.schema.dropIndex(index).execute();
  await db.schema.dropTable("room_guest_passes").execute();
}
