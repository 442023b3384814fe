import type { Kysely } from "kysely";

/**
 * A viewer's visits of the day, for the dashboard's visitors (server/services/rooms/presence.ts
 * countView): whether a room entry is the viewer's first of the day is read from this index
 * (org_id, viewer_key, entered_at) instead of every visit of the organisation.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("room_visits_viewer_day").on("room_visits").columns(["org_id", "viewer_key", "entered_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("room_visits_viewer_day").execute();
}
