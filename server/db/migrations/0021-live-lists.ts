import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";
import { keepEngineCount } from "./0015-engine-counts";

/**
 * The live lists (issue 10: search over 100,000 lives of one organisation, p95 < 50 ms at 20
 * connections on SQLite). Measured on 100,000 lives before this migration: the page itself reads
 * the organisation's time index and costs ~0.1 ms, but its total did not.
 *
 * - The unfiltered list's total (/liveop) is kept per organisation in `engine_counts` under
 *   `lives`, by the triggers of migration 0015 (every live: voided ones are listed too), where a
 *   count(*) over the time index cost ~2 ms.
 * - A status filter counts along (org_id, status, begin_time) instead of reading every row
 *   (13 ms → 0.8 ms for a third of the lives), and its page walks the same index in start order.
 * - A name fragment: a LIKE over every title cost 15 ms for the count and up to 28 ms for a page
 *   of a rare fragment. Titles are indexed as the user lists index names (migration 0002): every
 *   1- and 2-character piece of the lower-cased title, scoped by organisation, so a key finds its
 *   candidates in the index and LIKE checks only those (server/services/lives/title-search.ts).
 *   SQLite keeps the pieces in a contentless FTS5 table filled by triggers, with its vocabulary
 *   (`live_search_terms`) counting a one- or two-character key's hits; PostgreSQL in a GIN index on
 *   an expression. The positions table of migration 0002 serves here too (titles are ≤ 60 characters).
 * - One course's lives (/liveCourse) read (org_id, course_id, begin_time): with only lives_course
 *   (course_id, begin_time) beside the organisation's indexes, SQLite read the organisation in start
 *   order (17 ms for a count, 42 ms for a page; 0.01 ms each now).
 * - A main teacher's lives are its staff rows (identity_id, role, position, live_id), counted and
 *   probed without reading the rows.
 * - SQLite plans without statistics unless ANALYZE has run, and then takes `org_id = ?` for a
 *   selective condition (it assumes ten rows a value), so a search narrowed by the title index or a
 *   teacher still read all 100,000 lives of the organisation in start order (10-30 ms). The
 *   statistics of the lives and staff indexes are written here in the shape of a large organisation
 *   (2 §9 and the 100,000 lives), as SQLite documents for fixed statistics; ANALYZE, when
 *   run, replaces them with measured ones. PostgreSQL keeps its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await keepEngineCount(db, "lives");
  await db.schema.createIndex("lives_org_status").on("lives").columns(["org_id", "status", "begin_time"]).execute();
  if (isPostgres(db)) await postgresIndex(db);
  else await sqliteIndex(db);
  // Written last: on SQLite, a schema change is what makes every connection load the statistics.
  await db.schema.createIndex("lives_org_course").on("lives").columns(["org_id", "course_id", "begin_time"]).execute();
  await db.schema.createIndex("live_staff_main").on("live_staff").columns(["identity_id", "role", "position", "live_id"]).execute();
}

async function postgresIndex(db: Kysely<unknown>) {
  await sql`
    create function live_title_grams(p_org integer, p_title text) returns text[]
    language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct p_org::text || '/' || g), '{}'::text[]) from (
        select substr(lower(p_title), i, 1) as g from generate_series(1, length(p_title)) as i
        union all
        select substr(lower(p_title), i, 2) from generate_series(1, length(p_title) - 1) as i
      ) as grams
    $$`.execute(db);
  // A key's own 2-character pieces, or itself when it is one character.
  await sql`
    create function live_key_grams(p_org integer, p_key text) returns text[]
    language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct p_org::text || '/' || substr(lower(p_key), i, least(2, length(p_key)))), '{}'::text[])
      from generate_series(1, greatest(length(p_key) - 1, 1)) as i
    $$`.execute(db);
  await sql`create index lives_title_grams on lives using gin (live_title_grams(org_id, title))`.execute(db);
}

async function sqliteIndex(db: Kysely<unknown>) {
  // A token is the hex of "org/piece": pure hex, so FTS5's tokenizer never splits or folds one.
  await sql`
    create view live_search_source as
    select l.id, (
      select group_concat(hex(l.org_id || '/' || g), ' ') from (
        select substr(lower(l.title), p.i, 1) as g from search_positions p where p.i <= length(l.title)
        union select substr(lower(l.title), p.i, 2) from search_positions p where p.i < length(l.title)
      )
    ) as tokens
    from lives l`.execute(db);
  await sql`
    create virtual table live_search using fts5(
      tokens, content='', contentless_delete=1, detail=none, tokenize='unicode61 remove_diacritics 0'
    )`.execute(db);
  await sql`create virtual table live_search_terms using fts5vocab(live_search, 'row')`.execute(db);
  await sql`
    create trigger lives_search_insert after insert on lives begin
      insert into live_search (rowid, tokens) select id, tokens from live_search_source where id = new.id;
    end`.execute(db);
  await sql`
    create trigger lives_search_update after update of title, org_id on lives begin
      delete from live_search where rowid = new.id;
      insert into live_search (rowid, tokens) select id, tokens from live_search_source where id = new.id;
    end`.execute(db);
  await sql`
    create trigger lives_search_delete after delete on lives begin
      delete from live_search where rowid = old.id;
    end`.execute(db);
  await sql`insert into live_search (rowid, tokens) select id, tokens from live_search_source`.execute(db);
  await fixedStatistics(db);
}

/** Rows of an index, then how many share each prefix of its columns: one organisation holds many lives. */
const statistics: [table: string, index: string | null, stat: string][] = [
  ["lives", null, "100000"],
  ["lives", "lives_org_time", "100000 10000 2"],
  ["lives", "lives_org_status", "100000 10000 4000 2"],
  ["lives", "lives_org_course", "100000 10000 30 2"],
  ["lives", "lives_course", "100000 30 2"],
  ["lives", "lives_master", "100000 100 2"],
  ["lives", "lives_share_guid", "100000 1"],
  ["lives", "lives_replay_guid", "100000 1"],
  ["live_staff", null, "200000"],
  ["live_staff", "sqlite_autoindex_live_staff_1", "200000 2 1"],
  ["live_staff", "live_staff_identity", "200000 400 1"],
  ["live_staff", "live_staff_main", "200000 400 300 300 1"],
];

async function fixedStatistics(db: Kysely<unknown>) {
  // Makes sqlite_stat1 where ANALYZE never ran, without analysing anything.
  await sql`analyze sqlite_schema`.execute(db);
  await sql`delete from sqlite_stat1 where tbl in ('lives', 'live_staff')`.execute(db);
  for (const [table, index, stat] of statistics) await sql`insert into sqlite_stat1 (tbl, idx, stat) values (${table}, ${index}, ${stat})`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists lives_title_grams`.execute(db);
    for (const f of ["live_key_grams(integer, text)", "live_title_grams(integer, text)"]) await sql`drop function if exists ${sql.raw(f)}`.execute(db);
    for (const t of ["lives_count_move", "lives_count_delete", "lives_count_insert"]) await sql.raw(`drop trigger if exists ${t} on lives`).execute(db);
    for (const f of ["lives_count_moved", "lives_count_removed", "lives_count_added"]) await sql.raw(`drop function if exists ${f}()`).execute(db);
  } else {
    for (const t of ["lives_search_delete", "lives_search_update", "lives_search_insert", "lives_count_move", "lives_count_delete", "lives_count_insert"])
      await sql.raw(`drop trigger if exists ${t}`).execute(db);
    await sql`delete from sqlite_stat1 where tbl in ('lives', 'live_staff')`.execute(db);
    await sql`drop table if exists live_search_terms`.execute(db);
    await sql`drop table if exists live_search`.execute(db);
    await sql`drop view if exists live_search_source`.execute(db);
  }
  await sql`delete from engine_counts where table_name = 'lives'`.execute(db);
  for (const index of ["live_staff_main", "lives_org_course", "lives_org_status"]) await db.schema.dropIndex(index).execute();
}
