import { sql, type Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * The cloud disk (issue 11; 2 §2-§7).
 *
 * - `cloud_objects`: stored bytes, one row per upload, held by the organisation. `guid` (32 random
 *   hex digits) is the docid/videoid of the calls; `name` the random file name on disk once the
 *   upload is complete and checked (`state` 0 uploading, 1 ready, 2 failed); `md5` is the one the
 *   server computed, never the client's claim, so a file is reused only for the same bytes (the
 *   (org_id, md5) index). `owner_id` is the identity that started the upload, the only one that may
 *   send its bytes. `preview_*` follow the conversion of an office document to PDF
 *   (services/cloud-disk/convert-job.ts): state 0 not needed, 1 waiting, 2 converting (claimed at
 *   `preview_claimed_at`), 3 done (`preview_name` on disk), 4 failed, 5 no converter on the server.
 * - `cloud_files`: the folders and files of every disk. `owner_id` 0 is the organisation's disk,
 *   otherwise the teacher's or assistant's identity whose personal disk it is. `path` lists the
 *   ancestors' ids ('/', '/12/', '/12/40/'), so a folder's content is one prefix (deleting and
 *   moving it, refusing a move into itself) and the breadcrumb one read. `system` names the folders
 *   other features keep (bgvideo, bgdoc, corpus), hidden from listings.
 *
 * Two partial unique indexes state the disk's one-of rules for any number of writers: a disk has
 * one 音乐 folder at its root (2 §5), and one folder of each system kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("cloud_objects"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("guid", "varchar(32)", (c) => c.notNull().unique())
    .addColumn("owner_id", "integer", (c) => c.notNull())
    .addColumn("ext", "varchar(8)", (c) => c.notNull())
    .addColumn("bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("md5", "varchar(32)", (c) => c.notNull().defaultTo(""))
    .addColumn("name", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("state", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("preview_state", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("preview_name", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("preview_claimed_at", "bigint")
    .addColumn("preview_tries", "smallint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("cloud_objects_md5").on("cloud_objects").columns(["org_id", "md5", "state"]).execute();
  // Uploads still open (quota held for them) and the ones left behind (the sweep).
  await db.schema.createIndex("cloud_objects_state").on("cloud_objects").columns(["state", "created_at"]).execute();
  await db.schema.createIndex("cloud_objects_preview").on("cloud_objects").columns(["preview_state", "id"]).execute();
  await db.schema.createIndex("cloud_objects_name").on("cloud_objects").column("name").execute();
  await db.schema.createIndex("cloud_objects_preview_name").on("cloud_objects").column("preview_name").execute();

  await withId(db, db.schema.createTable("cloud_files"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("owner_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("parent_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("path", "varchar(255)", (c) => c.notNull().defaultTo("/"))
    .addColumn("file_type", "smallint", (c) => c.notNull())
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("ext_name", "varchar(8)", (c) => c.notNull().defaultTo(""))
    .addColumn("object_id", "integer", (c) => c.references("cloud_objects.id"))
    .addColumn("system", "varchar(16)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // One page of a folder: folders first, newest first.
  await db.schema.createIndex("cloud_files_list").on("cloud_files").columns(["org_id", "owner_id", "parent_id", "file_type", "id"]).execute();
  await db.schema.createIndex("cloud_files_object").on("cloud_files").column("object_id").execute();
  await db.schema
    .createIndex("cloud_files_music")
    .on("cloud_files")
    .columns(["org_id", "owner_id"])
    .unique()
    .where(sql.ref("parent_id"), "=", 0)
    .where(sql.ref("file_type"), "=", 0)
    .where(sql.ref("system"), "=", "")
    .where(sql.ref("name"), "=", "音乐")
    .execute();
  await db.schema
    .createIndex("cloud_files_system")
    .on("cloud_files")
    .columns(["org_id", "owner_id", "system"])
    .unique()
    .where(sql.ref("system"), "<>", "")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("cloud_files").execute();
  await db.schema.dropTable("cloud_objects").execute();
}
