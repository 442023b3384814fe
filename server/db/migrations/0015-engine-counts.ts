import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

/**
 * The totals of the engine's lists (issue 9, Performance), without counting rows.
 *
 * A full page of an engine list counted its rows: a count(*) over 100,000 index entries cost
 * ~4.4 ms of CPU per request where the page itself costs ~0.005 ms. How many rows each
 * organisation has in each engine table (the tables declared with `table` in resources/*.ts) is
 * kept in `engine_counts`, as migration 0005 keeps `identity_counts`: by triggers, in the same
 * transaction as the change, so the engine, hooks, the seed and scripts keep it right without
 * knowing of it. The engine reads it for a list with no search or filter (server/engine/counts.ts).
 *
 * A table with soft delete counts only its live rows (`<column> = 0`, as server/engine/table-query.ts
 * reads them): voiding a row takes it off, restoring it puts it back, and removing a voided row
 * changes nothing. None of the tables below voids today; `keepEngineCount` takes the column so a
 * later migration that counts such a table says so.
 *
 * - SQLite: row triggers.
 * - PostgreSQL: statement triggers with transition tables for insert and delete (a bulk insert
 *   updates each counter once), a row trigger for a change of organisation or of the void column.
 *
 * A zero count stays as a row; no row reads as zero.
 */
export const countedTables = ["admin_messages", "product_templates", "ad_templates", "audit_log"] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const table = db.schema
    .createTable("engine_counts")
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("table_name", "varchar(64)", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("engine_counts_pk", ["org_id", "table_name"]);
  await (pg ? table : table.modifyEnd(sql`without rowid`)).execute();
  for (const name of countedTables) await keepEngineCount(db, name);
}

/**
 * Installs the triggers that keep `engine_counts` for one table, then counts its rows. Triggers
 * first: on PostgreSQL creating a trigger locks out the table's writers until the migration's
 * transaction commits, so no change falls between the two.
 */
export async function keepEngineCount(db: Kysely<unknown>, name: string, softDelete?: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || (softDelete && !/^[a-z_][a-z0-9_]*$/.test(softDelete))) throw new Error(`not a plain table or column name: ${name}.${softDelete}`);
  if (isPostgres(db)) await postgresTriggers(db, name, softDelete);
  else await sqliteTriggers(db, name, softDelete);
  const live = softDelete ? `where ${softDelete} = 0` : "";
  await sql.raw(`delete from engine_counts where table_name = '${name}'`).execute(db);
  await sql.raw(`insert into engine_counts (org_id, table_name, n) select org_id, '${name}', count(*) from ${name} ${live} group by org_id`).execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>, name: string, softDelete?: string) {
  const add = `insert into engine_counts (org_id, table_name, n) values (new.org_id, '${name}', 1) on conflict (org_id, table_name) do update set n = n + 1;`;
  const take = `update engine_counts set n = n - 1 where org_id = old.org_id and table_name = '${name}';`;
  const liveNew = softDelete ? `when new.${softDelete} = 0` : "";
  const liveOld = softDelete ? `when old.${softDelete} = 0` : "";
  await sql.raw(`create trigger ${name}_count_insert after insert on ${name} ${liveNew} begin ${add} end`).execute(db);
  await sql.raw(`create trigger ${name}_count_delete after delete on ${name} ${liveOld} begin ${take} end`).execute(db);
  // A row that moves (organisation, or live ↔ voided) leaves its old count and joins its new one.
  const moved = softDelete ? `new.org_id is not old.org_id or new.${softDelete} is not old.${softDelete}` : "new.org_id is not old.org_id";
  const columns = softDelete ? `org_id, ${softDelete}` : "org_id";
  const leave = softDelete ? `update engine_counts set n = n - (old.${softDelete} = 0) where org_id = old.org_id and table_name = '${name}';` : take;
  const join = softDelete
    ? `insert into engine_counts (org_id, table_name, n) select new.org_id, '${name}', 1 where new.${softDelete} = 0 on conflict (org_id, table_name) do update set n = n + 1;`
    : add;
  await sql.raw(`create trigger ${name}_count_move after update of ${columns} on ${name} when ${moved} begin ${leave} ${join} end`).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>, name: string, softDelete?: string) {
  const live = softDelete ? `where ${softDelete} = 0` : "";
  // Groups in key order, so two bulk writes touching the same counters lock them in one order.
  await sql
    .raw(
      `create function ${name}_count_added() returns trigger language plpgsql as $$
       begin
         insert into engine_counts (org_id, table_name, n)
         select org_id, '${name}', count(*) from added ${live} group by org_id order by org_id
         on conflict (org_id, table_name) do update set n = engine_counts.n + excluded.n;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function ${name}_count_removed() returns trigger language plpgsql as $$
       begin
         update engine_counts c set n = c.n - r.n
         from (select org_id, count(*) as n from removed ${live} group by org_id) r
         where c.org_id = r.org_id and c.table_name = '${name}';
         return null;
       end $$`,
    )
    .execute(db);
  const oldLive = softDelete ? `(old.${softDelete} = 0)::int` : "1";
  const newLive = softDelete ? `(new.${softDelete} = 0)::int` : "1";
  await sql
    .raw(
      `create function ${name}_count_moved() returns trigger language plpgsql as $$
       begin
         update engine_counts set n = n - ${oldLive} where org_id = old.org_id and table_name = '${name}';
         insert into engine_counts (org_id, table_name, n) values (new.org_id, '${name}', ${newLive})
         on conflict (org_id, table_name) do update set n = engine_counts.n + excluded.n;
         return null;
       end $$`,
    )
    .execute(db);
  await sql.raw(`create trigger ${name}_count_insert after insert on ${name} referencing new table as added for each statement execute function ${name}_count_added()`).execute(db);
  await sql.raw(`create trigger ${name}_count_delete after delete on ${name} referencing old table as removed for each statement execute function ${name}_count_removed()`).execute(db);
  const columns = softDelete ? `org_id, ${softDelete}` : "org_id";
  const moved = softDelete
    ? `new.org_id is distinct from old.org_id or new.${softDelete} is distinct from old.${softDelete}`
    : "new.org_id is distinct from old.org_id";
  await sql.raw(`create trigger ${name}_count_move after update of ${columns} on ${name} for each row when (${moved}) execute function ${name}_count_moved()`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const name of countedTables) {
    for (const t of ["move", "delete", "insert"]) await sql.raw(`drop trigger if exists ${name}_count_${t}${pg ? ` on ${name}` : ""}`).execute(db);
    if (pg) for (const f of ["moved", "removed", "added"]) await sql.raw(`drop function if exists ${name}_count_${f}()`).execute(db);
  }
  await db.schema.dropTable("engine_counts").execute();
}
