import { sql, type Kysely } from "kysely";
import { isPostgres, withId } from "./helpers";

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
 *
 * `cloud_folder_counts` keeps how many items (and how many folders) each folder of each disk
 * shows, so a page of a folder of 10,000 files is not counted row by row on every request
 * (issue 11, Performance; the same reasoning as migration 0015). Triggers keep it in the
 * transaction of every change: row triggers on SQLite; on PostgreSQL statement triggers with
 * transition tables for inserts and deletes (a folder deleted with 10,000 files updates each
 * counter once) and a row trigger for an item that moves. System folders are not shown, so not
 * counted. A count of zero stays as a row; no row reads as zero.
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
  // One page of a folder, folders first and newest first, read in index order; the page's ids and
  // the folder's count come from the index alone (system is always asked for equal to '').
  await db.schema
    .createIndex("cloud_files_list")
    .on("cloud_files")
    .columns(["org_id", "owner_id", "parent_id", "system", "file_type", "id desc"])
    .execute();
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

  const counts = db.schema
    .createTable("cloud_folder_counts")
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("owner_id", "integer", (c) => c.notNull())
    .addColumn("parent_id", "integer", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .addColumn("folders", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("cloud_folder_counts_pk", ["org_id", "owner_id", "parent_id"]);
  await (isPostgres(db) ? counts : counts.modifyEnd(sql`without rowid`)).execute();
  for (const statement of isPostgres(db) ? postgresCounting : sqliteCounting) await sql.raw(statement).execute(db);
}

const key = "org_id, owner_id, parent_id";
const moved = (distinct: string) =>
  ["org_id", "owner_id", "parent_id", "system", "file_type"].map((c) => `new.${c} ${distinct} old.${c}`).join(" or ");

const sqliteCounting = [
  `create trigger cloud_files_count_insert after insert on cloud_files when new.system = '' begin
     insert into cloud_folder_counts (${key}, n, folders) values (new.org_id, new.owner_id, new.parent_id, 1, new.file_type = 0)
     on conflict (${key}) do update set n = n + 1, folders = folders + (new.file_type = 0);
   end`,
  `create trigger cloud_files_count_delete after delete on cloud_files when old.system = '' begin
     update cloud_folder_counts set n = n - 1, folders = folders - (old.file_type = 0)
     where org_id = old.org_id and owner_id = old.owner_id and parent_id = old.parent_id;
   end`,
  `create trigger cloud_files_count_move after update of ${key}, system, file_type on cloud_files when ${moved("is not")} begin
     update cloud_folder_counts set n = n - 1, folders = folders - (old.file_type = 0)
     where old.system = '' and org_id = old.org_id and owner_id = old.owner_id and parent_id = old.parent_id;
     insert into cloud_folder_counts (${key}, n, folders) select new.org_id, new.owner_id, new.parent_id, 1, new.file_type = 0 where new.system = ''
     on conflict (${key}) do update set n = n + 1, folders = folders + (new.file_type = 0);
   end`,
];

// Groups in key order, so two bulk writes touching the same counters lock them in one order.
const postgresCounting = [
  `create function cloud_files_count_added() returns trigger language plpgsql as $$
   begin
     insert into cloud_folder_counts (${key}, n, folders)
     select ${key}, count(*), count(*) filter (where file_type = 0) from added where system = '' group by ${key} order by ${key}
     on conflict (${key}) do update set n = cloud_folder_counts.n + excluded.n, folders = cloud_folder_counts.folders + excluded.folders;
     return null;
   end $$`,
  `create function cloud_files_count_removed() returns trigger language plpgsql as $$
   begin
     update cloud_folder_counts c set n = c.n - r.n, folders = c.folders - r.folders
     from (select ${key}, count(*) as n, count(*) filter (where file_type = 0) as folders from removed where system = '' group by ${key}) r
     where c.org_id = r.org_id and c.owner_id = r.owner_id and c.parent_id = r.parent_id;
     return null;
   end $$`,
  `create function cloud_files_count_moved() returns trigger language plpgsql as $$
   begin
     if old.system = '' then
       update cloud_folder_counts set n = n - 1, folders = folders - (old.file_type = 0)::int
       where org_id = old.org_id and owner_id = old.owner_id and parent_id = old.parent_id;
     end if;
     if new.system = '' then
       insert into cloud_folder_counts (${key}, n, folders) values (new.org_id, new.owner_id, new.parent_id, 1, (new.file_type = 0)::int)
       on conflict (${key}) do update set n = cloud_folder_counts.n + 1, folders = cloud_folder_counts.folders + excluded.folders;
     end if;
     return null;
   end $$`,
  `create trigger cloud_files_count_insert after insert on cloud_files referencing new table as added for each statement execute function cloud_files_count_added()`,
  `create trigger cloud_files_count_delete after delete on cloud_files referencing old table as removed for each statement execute function cloud_files_count_removed()`,
  `create trigger cloud_files_count_move after update of ${key}, system, file_type on cloud_files for each row when (${moved("is distinct from")}) execute function cloud_files_count_moved()`,
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("cloud_folder_counts").execute();
  await db.schema.dropTable("cloud_files").execute();
  if (isPostgres(db)) for (const f of ["added", "removed", "moved"]) await sql.raw(`drop function if exists cloud_files_count_${f}()`).execute(db);
  await db.schema.dropTable("cloud_objects").execute();
}
