import { sql, type Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * What the built-in live room records (issue 11 item 2; 2 §3 viewer log, chat message).
 *
 * - `room_visits`: the viewer log, one row per connection to a room (a person with two pages open
 *   has two): who (`identity_id`, or null for a share-link viewer, `viewer_key` either way), the
 *   export columns of 2 §3 (name, entry, exit, duration, device, IP, exparam), and the process
 *   (`node`) and connection (`conn`) holding it. `left_at` is null while the connection is open;
 *   the holding process touches `seen_at` every half minute, so the visits of a process that died
 *   are closed by any other at their last sign of life. Presence and the per-minute concurrency
 *   samples read the open rows through a partial index; attendance reads a person's rows of a live.
 * - `room_chats`: the chat of a live (2 §3: id, userid = `viewer_key`, userdbid = identity or 0,
 *   name, msg JSON text, time) with its review state (2 §4: 0 unreviewed, 1 approved, -1 rejected)
 *   and `held` (1: shown only to its author and the staff until approved).
 * - `room_registrations`: the answers of a shared live's registration form (2 §3 extra.isRecord 2).
 * - `room_share_tries`: wrong answers to a share link's verification from one address, counted in
 *   a window (reserved before the answer is checked, so parallel guesses cannot slip past).
 * - `live_closings`: the lives whose end has been processed (absent students recorded as undo), so
 *   the job looks at each ended live once.
 * - `room_relay`: room events too large for a PostgreSQL NOTIFY payload (a WebRTC offer), read by
 *   id by the other processes and deleted after a few minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("room_visits"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("identity_id", "integer", (c) => c.references("identities.id").onDelete("cascade"))
    .addColumn("viewer_key", "varchar(40)", (c) => c.notNull())
    .addColumn("username", "varchar(64)", (c) => c.notNull())
    // teacher, assistant, student, admin, guest (a share-link viewer).
    .addColumn("role", "varchar(12)", (c) => c.notNull())
    // 1 live, 2 replay (the playback room).
    .addColumn("play_type", "integer", (c) => c.notNull())
    // pc or h5 (a phone or tablet browser).
    .addColumn("device", "varchar(12)", (c) => c.notNull())
    .addColumn("ip", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("exparam", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("node", "varchar(40)", (c) => c.notNull())
    .addColumn("conn", "varchar(40)", (c) => c.notNull().unique())
    .addColumn("entered_at", "bigint", (c) => c.notNull())
    .addColumn("left_at", "bigint")
    .addColumn("seen_at", "bigint", (c) => c.notNull())
    .addColumn("duration_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // The viewer log of a live, in order of entry.
  await db.schema.createIndex("room_visits_live").on("room_visits").columns(["live_id", "entered_at"]).execute();
  // A person's visits of a live (attendance is computed from them).
  await db.schema.createIndex("room_visits_person").on("room_visits").columns(["live_id", "viewer_key"]).execute();
  // Who is in a room now, per organisation (presence, the concurrency sampler, the heartbeat).
  await db.schema.createIndex("room_visits_open").on("room_visits").columns(["org_id", "live_id", "play_type"]).where(sql.ref("left_at"), "is", null).execute();
  await db.schema.createIndex("room_visits_open_node").on("room_visits").columns(["node", "seen_at"]).where(sql.ref("left_at"), "is", null).execute();

  await withId(db, db.schema.createTable("room_chats"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("identity_id", "integer", (c) => c.references("identities.id").onDelete("cascade"))
    .addColumn("viewer_key", "varchar(40)", (c) => c.notNull())
    .addColumn("name", "varchar(64)", (c) => c.notNull())
    .addColumn("role", "varchar(12)", (c) => c.notNull())
    .addColumn("msg", "text", (c) => c.notNull())
    .addColumn("review", "integer", (c) => c.notNull())
    .addColumn("held", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // The chat manager's list by review state, and a room's latest messages.
  await db.schema.createIndex("room_chats_review").on("room_chats").columns(["live_id", "review", "id"]).execute();

  await withId(db, db.schema.createTable("room_registrations"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("viewer_key", "varchar(40)", (c) => c.notNull())
    // JSON text [{name, value}] in the form's order; value is text or a list of chosen labels.
    .addColumn("answers", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("room_registrations_live").on("room_registrations").columns(["live_id", "id"]).execute();

  await db.schema
    .createTable("room_share_tries")
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("ip", "varchar(64)", (c) => c.notNull())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("room_share_tries_pk", ["live_id", "ip"])
    .execute();

  await db.schema
    .createTable("live_closings")
    .addColumn("live_id", "integer", (c) => c.primaryKey().references("lives.id").onDelete("cascade"))
    .addColumn("closed_at", "bigint", (c) => c.notNull())
    .execute();
  // The closing job's question, "which ended lives are not closed yet", walks lives by end time.
  await db.schema.createIndex("lives_end").on("lives").columns(["end_time"]).execute();

  await withId(db, db.schema.createTable("room_relay"))
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("lives_end").execute();
  for (const t of ["room_relay", "live_closings", "room_share_tries", "room_registrations", "room_chats", "room_visits"]) await db.schema.dropTable(t).execute();
}
