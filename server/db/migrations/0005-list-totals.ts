import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

/**
 * The totals of the user lists (1 §2.4), without counting rows.
 *
 * How many people each organisation has in each role is kept beside the rows, in
 * `identity_counts`. Counting an organisation's million students on every list page took ~32 ms
 * on SQLite and grew with the list; reading one row does not.
 *
 * Triggers keep the counts, in the same transaction as the change, so every writer (the user
 * routes, the seed, a cascade from a deleted person or organisation, a script) keeps them right
 * without knowing of them. Deleting a user is a hard delete of the identity (services/users.ts),
 * so a delete is a decrement; an identity moved to another organisation or role moves its count.
 *
 * - SQLite: row triggers (it has no others).
 * - PostgreSQL: statement triggers with transition tables for insert and delete, so a bulk insert
 *   of 20,000 rows (server/seed/bulk-insert.ts) updates each counter once, not 20,000 times; a row
 *   trigger for the rare move. Every insert into one (organisation, role) updates its one row, so
 *   concurrent adds to the same list wait for each other's commit, which the add form can bear.
 *
 * A zero count stays as a row; no row reads as zero.
 *
 * On SQLite, a search by one or two characters of a name is one token of the search index
 * (migration 0002), and its total is the number of rows holding that token. `identity_search_terms`
 * is FTS5's own vocabulary of that index (fts5vocab, nothing stored): it reads the number straight
 * off the index, where a count(*) of the match steps through every hit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const table = db.schema
    .createTable("identity_counts")
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("role", "varchar(16)", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("identity_counts_pk", ["org_id", "role"]);
  await (pg ? table : table.modifyEnd(sql`without rowid`)).execute();
  // Triggers first, then the count: on PostgreSQL creating a trigger locks out writers of
  // identities until this migration's transaction commits, so no change falls between the two.
  if (pg) await postgresTriggers(db);
  else await sqliteTriggers(db);
  for (const statement of recountIdentities) await sql.raw(statement).execute(db);
  if (!pg) await sql`create virtual table identity_search_terms using fts5vocab(identity_search, 'row')`.execute(db);
}

/**
 * Sets every count from the rows themselves. The migration fills the table with it, and a bulk
 * load that sets the insert trigger aside runs it afterwards (scripts/bench-students.ts).
 */
export const recountIdentities = [
  "delete from identity_counts",
  "insert into identity_counts (org_id, role, n) select org_id, role, count(*) from identities group by org_id, role",
] as const;

async function sqliteTriggers(db: Kysely<unknown>) {
  const add = "insert into identity_counts (org_id, role, n) values (new.org_id, new.role, 1) on conflict (org_id, role) do update set n = n + 1;";
  const take = "update identity_counts set n = n - 1 where org_id = old.org_id and role = old.role;";
  await sql.raw(`create trigger identity_counts_insert after insert on identities begin ${add} end`).execute(db);
  await sql.raw(`create trigger identity_counts_delete after delete on identities begin ${take} end`).execute(db);
  await sql
    .raw(
      `create trigger identity_counts_move after update of org_id, role on identities
       when new.org_id is not old.org_id or new.role is not old.role begin ${take} ${add} end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  // Groups in key order, so two bulk inserts touching the same counters lock them in one order.
  await sql`
    create function identity_counts_added() returns trigger language plpgsql as $$
    begin
      insert into identity_counts (org_id, role, n)
      select org_id, role, count(*) from added group by org_id, role order by org_id, role
      on conflict (org_id, role) do update set n = identity_counts.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`
    create function identity_counts_removed() returns trigger language plpgsql as $$
    begin
      update identity_counts c set n = c.n - r.n
      from (select org_id, role, count(*) as n from removed group by org_id, role) r
      where c.org_id = r.org_id and c.role = r.role;
      return null;
    end $$`.execute(db);
  await sql`
    create function identity_counts_moved() returns trigger language plpgsql as $$
    begin
      update identity_counts set n = n - 1 where org_id = old.org_id and role = old.role;
      insert into identity_counts (org_id, role, n) values (new.org_id, new.role, 1)
      on conflict (org_id, role) do update set n = identity_counts.n + 1;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger identity_counts_insert after insert on identities
    referencing new table as added for each statement execute function identity_counts_added()`.execute(db);
  await sql`
    create trigger identity_counts_delete after delete on identities
    referencing old table as removed for each statement execute function identity_counts_removed()`.execute(db);
  await sql`
    create trigger identity_counts_move after update of org_id, role on identities for each row
    when (new.org_id is distinct from old.org_id or new.role is distinct from old.role) execute function identity_counts_moved()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  if (!pg) await sql`drop table if exists identity_search_terms`.execute(db);
  for (const t of ["identity_counts_move", "identity_counts_delete", "identity_counts_insert"])
    await sql.raw(`drop trigger if exists ${t}${pg ? " on identities" : ""}`).execute(db);
  if (pg) for (const f of ["identity_counts_moved", "identity_counts_removed", "identity_counts_added"]) await sql.raw(`drop function if exists ${f}()`).execute(db);
  await db.schema.dropTable("identity_counts").execute();
}
