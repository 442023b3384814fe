import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Recorded media (3 §3, §4, §8, §9; 2 §7) and the durable jobs that make it:
 *
 * - `jobs`: work that outlives a request (transcoding, audio extraction, the recycle bin's purge),
 *   claimed atomically by one runner of one process at a time (server/engine/jobs.ts). `subject`
 *   names what a job works on (`media:12`) so removing that thing cancels its jobs; `org_id` is 0
 *   for work that spans organisations. Times are epoch ms.
 * - `media_files`: the videos of a recorded session (a live of a type-200 course), their place on
 *   shelf (`idx` > 0 in order, -1 off shelf, 0 not placed yet), transcode state ("" working,
 *   "success", "failed") and the stored names of the source, the web-playable output and the
 *   poster. `deleted_at` set: in the recycle bin.
 * - `media_versions`: one counter per live, bumped by every change of its order, so two admins
 *   reordering at once learn of each other (3 §8 optimistic concurrency) instead of one silently
 *   winning.
 * - `live_audio`: a live's audio extraction: status (2 not converted, 0 converting, 1 done) and the
 *   stored name of its meta list.
 * - `live_recordings.deleted_at`: a recording in the recycle bin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("jobs"))
    .addColumn("kind", "varchar(40)", (c) => c.notNull())
    .addColumn("org_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("subject", "varchar(80)", (c) => c.notNull().defaultTo(""))
    .addColumn("payload", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("state", "varchar(12)", (c) => c.notNull().defaultTo("queued"))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_attempts", "integer", (c) => c.notNull().defaultTo(5))
    .addColumn("run_after", "bigint", (c) => c.notNull())
    .addColumn("locked_by", "varchar(64)")
    .addColumn("locked_until", "bigint")
    .addColumn("last_error", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // The claim's search: the queued or running jobs, by when they may run.
  await db.schema.createIndex("jobs_claim").on("jobs").columns(["state", "run_after"]).execute();
  await db.schema.createIndex("jobs_subject").on("jobs").columns(["subject", "state"]).execute();

  await withId(db, db.schema.createTable("media_files"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("idx", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("filename", "varchar(200)", (c) => c.notNull())
    .addColumn("state", "varchar(16)", (c) => c.notNull().defaultTo(""))
    .addColumn("reason", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("source_name", "varchar(80)", (c) => c.notNull().defaultTo(""))
    .addColumn("output_name", "varchar(80)", (c) => c.notNull().defaultTo(""))
    .addColumn("poster_name", "varchar(80)", (c) => c.notNull().defaultTo(""))
    .addColumn("duration", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("size", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("deleted_at", "bigint")
    .execute();
  await db.schema.createIndex("media_files_live").on("media_files").columns(["live_id", "idx"]).execute();
  await db.schema.createIndex("media_files_recycled").on("media_files").columns(["org_id", "deleted_at"]).execute();

  await db.schema
    .createTable("media_versions")
    .addColumn("live_id", "integer", (c) => c.primaryKey().references("lives.id").onDelete("cascade"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("live_audio")
    .addColumn("live_id", "integer", (c) => c.primaryKey().references("lives.id").onDelete("cascade"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("meta_name", "varchar(80)", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("live_recordings").addColumn("deleted_at", "bigint").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("live_recordings").dropColumn("deleted_at").execute();
  await db.schema.dropTable("live_audio").execute();
  await db.schema.dropTable("media_versions").execute();
  await db.schema.dropTable("media_files").execute();
  await db.schema.dropTable("jobs").execute();
}
