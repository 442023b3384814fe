import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

/**
 * The recorded-session list (issue 18: /vodop over 100,000 sessions, p95 < 50 ms at 20 connections
 * on SQLite). Recorded sessions are the lives of courses of type 200, and the list narrowed them by
 * `course_id in (the organisation's recorded courses)`: SQLite read every such live along
 * (org_id, course_id, begin_time), computed each one's columns and sorted them for a page
 * (100-300 ms at 100,000), and counted them along the same index (6-13 ms).
 *
 * - `lives.course_type` is the course's type, kept by triggers (a live's course may change; a
 *   course's type does not, but the trigger keeps a change right all the same), so a type is a
 *   prefix of (org_id, course_type, begin_time) and (org_id, course_type, status, begin_time): a
 *   page walks its index in start order.
 * - `live_counts` keeps how many lives each organisation has per course type and status, by
 *   triggers in the same transaction as the change, as `engine_counts` keeps the engine's tables
 *   (migration 0015): a narrowed list with no filter or only a status reads its total.
 * - A name fragment among the recorded sessions: their title pieces are indexed a second time
 *   under tokens of "org~200/piece" beside the "org/piece" of every live (migration 0021), so a
 *   key's candidates and a short key's number of hits come from the index without looking at each
 *   live's type (10,000 candidates cost ~7 ms).
 * - SQLite had no statistics for media_files and took (org_id, deleted_at) for a page's media
 *   counts, reading every video of the organisation (~9 ms); they are written here in the shape of
 *   an organisation with many videos, as 0021 does for the lives.
 */
/** The recorded courses' type (resources/vod/vod-course.ts), written out: a landed migration does not change with the code. */
const recordedType = 200;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("lives").addColumn("course_type", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await sql`update lives set course_type = coalesce((select c.type from courses c where c.id = lives.course_id), 0)`.execute(db);
  await db.schema
    .createTable("live_counts")
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("course_type", "integer", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("live_counts_pk", ["org_id", "course_type", "status"])
    .execute();
  if (isPostgres(db)) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await sql`insert into live_counts (org_id, course_type, status, n) select org_id, course_type, status, count(*) from lives group by org_id, course_type, status`.execute(db);
  // Written last: on SQLite, a schema change is what makes every connection load the statistics.
  await db.schema.createIndex("lives_org_type").on("lives").columns(["org_id", "course_type", "begin_time"]).execute();
  await db.schema.createIndex("lives_org_type_status").on("lives").columns(["org_id", "course_type", "status", "begin_time"]).execute();
}

/** Adds `delta` to the count of one (organisation, type, status); a count reaching a row first starts it. */
const bump = (row: "new" | "old", delta: 1 | -1) =>
  `insert into live_counts (org_id, course_type, status, n) values (${row}.org_id, ${row}.course_type, ${row}.status, ${delta})
   on conflict (org_id, course_type, status) do update set n = live_counts.n + ${delta};`;

async function sqliteTriggers(db: Kysely<unknown>) {
  // SQLite cannot change NEW before the write, so the type is written just after; both counting
  // triggers add as well as take off, so their order does not matter.
  const fill = `update lives set course_type = coalesce((select c.type from courses c where c.id = new.course_id), 0) where id = new.id;`;
  await sql.raw(`create trigger lives_type_insert after insert on lives begin ${fill} end`).execute(db);
  await sql.raw(`create trigger lives_type_course after update of course_id on lives begin ${fill} end`).execute(db);
  await sql.raw(`create trigger courses_type_lives after update of type on courses begin update lives set course_type = new.type where course_id = new.id; end`).execute(db);
  await sql.raw(`create trigger lives_counts_insert after insert on lives begin ${bump("new", 1)} end`).execute(db);
  await sql.raw(`create trigger lives_counts_delete after delete on lives begin ${bump("old", -1)} end`).execute(db);
  await sql
    .raw(
      `create trigger lives_counts_move after update of org_id, course_type, status on lives
       when new.org_id is not old.org_id or new.course_type is not old.course_type or new.status is not old.status
       begin ${bump("old", -1)} ${bump("new", 1)} end`,
    )
    .execute(db);
  await searchSource(db, true);
  await sql`delete from sqlite_stat1 where tbl = 'media_files' or idx in ('lives_org_type', 'lives_org_type_status')`.execute(db);
  for (const [table, index, stat] of statistics) await sql`insert into sqlite_stat1 (tbl, idx, stat) values (${table}, ${index}, ${stat})`.execute(db);
}

/** Rows of an index, then how many share each prefix of its columns (as migration 0021 writes them). */
const statistics: [table: string, index: string | null, stat: string][] = [
  ["lives", "lives_org_type", "100000 10000 5000 2"],
  ["lives", "lives_org_type_status", "100000 10000 5000 2000 2"],
  ["media_files", null, "40000"],
  ["media_files", "media_files_live", "40000 3 2"],
  ["media_files", "media_files_recycled", "40000 10000 8000"],
];

/**
 * The view the title index is filled from (migration 0021), its update trigger, and the recorded
 * sessions' entries: with `recorded`, their pieces under "org~200/piece" too; without, as 0021 left them.
 */
async function searchSource(db: Kysely<unknown>, recorded: boolean) {
  const scopes = recorded ? `select l.org_id as scope union all select l.org_id || '~${recordedType}' where l.course_type = ${recordedType}` : "select l.org_id as scope";
  await sql`drop view live_search_source`.execute(db);
  await sql
    .raw(
      `create view live_search_source as
       select l.id, (
         select group_concat(hex(t.scope || '/' || g.g), ' ') from (
           select substr(lower(l.title), p.i, 1) as g from search_positions p where p.i <= length(l.title)
           union select substr(lower(l.title), p.i, 2) from search_positions p where p.i < length(l.title)
         ) as g, (${scopes}) as t
       ) as tokens
       from lives l`,
    )
    .execute(db);
  await sql`drop trigger lives_search_update`.execute(db);
  await sql
    .raw(
      `create trigger lives_search_update after update of title, org_id${recorded ? ", course_type" : ""} on lives begin
         delete from live_search where rowid = new.id;
         insert into live_search (rowid, tokens) select id, tokens from live_search_source where id = new.id;
       end`,
    )
    .execute(db);
  await sql`delete from live_search where rowid in (select id from lives where course_type = ${recordedType})`.execute(db);
  await sql`insert into live_search (rowid, tokens) select id, tokens from live_search_source where id in (select id from lives where course_type = ${recordedType})`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  await sql`
    create function lives_course_type() returns trigger language plpgsql as $$
    begin
      new.course_type := coalesce((select c.type from courses c where c.id = new.course_id), 0);
      return new;
    end $$`.execute(db);
  await sql`create trigger lives_course_type before insert or update of course_id on lives for each row execute function lives_course_type()`.execute(db);
  await sql`
    create function courses_type_lives() returns trigger language plpgsql as $$
    begin
      update lives set course_type = new.type where course_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger courses_type_lives after update of type on courses for each row when (new.type is distinct from old.type) execute function courses_type_lives()`.execute(db);
  await sql
    .raw(
      `create function lives_counts() returns trigger language plpgsql as $$
       begin
         if tg_op in ('UPDATE', 'DELETE') then ${bump("old", -1)} end if;
         if tg_op in ('UPDATE', 'INSERT') then ${bump("new", 1)} end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql`create trigger lives_counts_insert after insert or delete on lives for each row execute function lives_counts()`.execute(db);
  // Any update: a column a BEFORE trigger set (the type, when the course changes) is not one an
  // `update of` list sees.
  await sql`
    create trigger lives_counts_move after update on lives for each row
    when (new.org_id is distinct from old.org_id or new.course_type is distinct from old.course_type or new.status is distinct from old.status)
    execute function lives_counts()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["lives_org_type_status", "lives_org_type"]) await db.schema.dropIndex(index).execute();
  if (isPostgres(db)) {
    for (const [t, on] of [["lives_counts_move", "lives"], ["lives_counts_insert", "lives"], ["lives_course_type", "lives"], ["courses_type_lives", "courses"]])
      await sql.raw(`drop trigger if exists ${t} on ${on}`).execute(db);
    for (const f of ["lives_counts", "courses_type_lives", "lives_course_type"]) await sql.raw(`drop function if exists ${f}()`).execute(db);
  } else {
    for (const t of ["lives_counts_move", "lives_counts_delete", "lives_counts_insert", "courses_type_lives", "lives_type_course", "lives_type_insert"])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    await sql`delete from sqlite_stat1 where tbl = 'media_files' or idx in ('lives_org_type', 'lives_org_type_status')`.execute(db);
    await searchSource(db, false);
  }
  await db.schema.dropTable("live_counts").execute();
  await db.schema.alterTable("lives").dropColumn("course_type").execute();
}
