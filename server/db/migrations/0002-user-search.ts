import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

/**
 * User lists and their fragment search (1 §2.4).
 *
 * A list is one organisation's people in one role, newest change first: an index on
 * (org_id, role, updated_at, id) serves the page and its count without touching other rows.
 *
 * Searching "伟" must find 王伟 and 伟强, so a prefix index is not enough, and trigram indexes
 * (FTS5's trigram tokenizer, pg_trgm) cannot answer the one- and two-character queries Chinese
 * names mostly get. The names are indexed the way CJK search engines index text: every 1- and
 * 2-character piece of the lower-cased name, scoped by organisation and role; mobiles by every
 * 3-digit piece. A query looks up the pieces of itself and checks the few candidates with LIKE
 * (server/services/user-list.ts). Name pieces (1-2 characters) and mobile pieces (3) never
 * collide. Each database keeps the pieces in its own compressed inverted index, about 30 MB per
 * million students where a plain table of pieces took 600 MB:
 *
 * - PostgreSQL: GIN indexes on expressions, which maintain themselves;
 * - SQLite: a contentless FTS5 table, kept current by triggers, so every writer (the user
 *   routes, the seed, a portal phone change, a cascade) stays searchable without knowing it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("identities_list").on("identities").columns(["org_id", "role", "updated_at", "id"]).execute();
  if (isPostgres(db)) await postgresIndex(db);
  else await sqliteIndex(db);
}

async function postgresIndex(db: Kysely<unknown>) {
  await sql`
    create function identity_name_grams(p_org integer, p_role text, p_name text) returns text[]
    language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct p_org::text || '/' || p_role || '/' || g), '{}'::text[]) from (
        select substr(lower(p_name), i, 1) as g from generate_series(1, length(p_name)) as i
        union all
        select substr(lower(p_name), i, 2) from generate_series(1, length(p_name) - 1) as i
      ) as grams
    $$`.execute(db);
  // What a search key must find among a row's grams: its own 2-character pieces, or itself when
  // it is one character (the big one-character lists are read only when nothing else will do).
  await sql`
    create function identity_key_grams(p_org integer, p_role text, p_key text) returns text[]
    language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct p_org::text || '/' || p_role || '/' || substr(lower(p_key), i, least(2, length(p_key)))), '{}'::text[])
      from generate_series(1, greatest(length(p_key) - 1, 1)) as i
    $$`.execute(db);
  await sql`
    create function mobile_grams(p_mobile text) returns text[]
    language sql immutable parallel safe as $$
      select coalesce(array_agg(distinct substr(p_mobile, i, 3)), '{}'::text[]) from generate_series(1, length(p_mobile) - 2) as i
    $$`.execute(db);
  await sql`create index identities_name_grams on identities using gin (identity_name_grams(org_id, role, name))`.execute(db);
  await sql`create index persons_mobile_grams on persons using gin (mobile_grams(mobile))`.execute(db);
}

async function sqliteIndex(db: Kysely<unknown>) {
  // SQLite triggers cannot use WITH, so character positions come from a small table.
  await sql`create table search_positions (i integer primary key)`.execute(db);
  await sql`
    insert into search_positions (i)
    with recursive n(i) as (select 1 union all select i + 1 from n where i < 64) select i from n`.execute(db);
  // The one definition of an identity's search tokens. A token is the hex of "org/role/piece":
  // pure hex, so FTS5's tokenizer never splits or folds one, whatever the name holds.
  await sql`
    create view identity_search_source as
    select i.id, (
      select group_concat(hex(i.org_id || '/' || i.role || '/' || g), ' ') from (
        select substr(lower(i.name), p.i, 1) as g from search_positions p where p.i <= length(i.name)
        union select substr(lower(i.name), p.i, 2) from search_positions p where p.i < length(i.name)
        union select substr(m.mobile, p.i, 3) from search_positions p where p.i <= length(m.mobile) - 2
      )
    ) as tokens
    from identities i join persons m on m.id = i.person_id`.execute(db);
  await sql`
    create virtual table identity_search using fts5(
      tokens, content='', contentless_delete=1, detail=none, tokenize='unicode61 remove_diacritics 0'
    )`.execute(db);
  const refill = (ids: string) => sql`
    delete from identity_search where rowid in (${sql.raw(ids)});
    insert into identity_search (rowid, tokens) select id, tokens from identity_search_source where id in (${sql.raw(ids)});`;
  await sql`
    create trigger identities_search_insert after insert on identities begin
      insert into identity_search (rowid, tokens) select id, tokens from identity_search_source where id = new.id;
    end`.execute(db);
  await sql`
    create trigger identities_search_update after update of name, role, org_id, person_id on identities begin
      ${refill("new.id")}
    end`.execute(db);
  await sql`
    create trigger identities_search_delete after delete on identities begin
      delete from identity_search where rowid = old.id;
    end`.execute(db);
  await sql`
    create trigger persons_search_mobile after update of mobile on persons begin
      ${refill("select id from identities where person_id = new.id")}
    end`.execute(db);
  await sql`insert into identity_search (rowid, tokens) select id, tokens from identity_search_source`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop index if exists persons_mobile_grams`.execute(db);
    await sql`drop index if exists identities_name_grams`.execute(db);
    for (const f of ["mobile_grams(text)", "identity_key_grams(integer, text, text)", "identity_name_grams(integer, text, text)"])
      await sql`drop function if exists ${sql.raw(f)}`.execute(db);
  } else {
    for (const t of ["persons_search_mobile", "identities_search_delete", "identities_search_update", "identities_search_insert"])
      await sql`drop trigger if exists ${sql.raw(t)}`.execute(db);
    await sql`drop table if exists identity_search`.execute(db);
    await sql`drop view if exists identity_search_source`.execute(db);
    await sql`drop table if exists search_positions`.execute(db);
  }
  await db.schema.dropIndex("identities_list").execute();
}
