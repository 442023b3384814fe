import { sql, type Kysely } from "kysely";
import { isPostgres } from "./helpers";

/**
 * Each organisation's day of consumption summed over its types, kept beside the rows in
 * `daily_consumption_totals`: the cost records' 合计 (3 §9: every type summed per day, 100 a page)
 * reads one narrow row a day instead of grouping every type's wide row (its consume_detail) of
 * the range.
 *
 * Triggers keep the sums in the same transaction as the change, so every writer of
 * daily_consumption (the rating job's upsert, the smart reminders' fee, the seed's bulk load, a
 * cascade) keeps them right without knowing of them, as identity_counts (0005) does:
 * - SQLite: row triggers.
 * - PostgreSQL: statement triggers with transition tables for insert and delete, so the seed's bulk
 *   insert updates each day once; a row trigger for an update (the upsert's update arm).
 * A day whose rows are all deleted keeps a zero row, which reads as no cost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  const table = db.schema
    .createTable("daily_consumption_totals")
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("day", "varchar(10)", (c) => c.notNull())
    .addColumn("cost_milli", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("daily_consumption_totals_pk", ["org_id", "day"]);
  await (pg ? table : table.modifyEnd(sql`without rowid`)).execute();
  // Triggers first, then the sums: on PostgreSQL creating a trigger locks out writers of
  // daily_consumption until this migration commits, so no change falls between the two.
  if (pg) await postgresTriggers(db);
  else await sqliteTriggers(db);
  await sql`insert into daily_consumption_totals (org_id, day, cost_milli) select org_id, day, sum(cost_milli) from daily_consumption group by org_id, day`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>) {
  const add = "insert into daily_consumption_totals (org_id, day, cost_milli) values (new.org_id, new.day, new.cost_milli) on conflict (org_id, day) do update set cost_milli = cost_milli + excluded.cost_milli;";
  const take = "update daily_consumption_totals set cost_milli = cost_milli - old.cost_milli where org_id = old.org_id and day = old.day;";
  await sql.raw(`create trigger daily_consumption_totals_insert after insert on daily_consumption begin ${add} end`).execute(db);
  await sql.raw(`create trigger daily_consumption_totals_delete after delete on daily_consumption begin ${take} end`).execute(db);
  await sql.raw(`create trigger daily_consumption_totals_update after update of org_id, day, cost_milli on daily_consumption begin ${take} ${add} end`).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  // Days in key order, so two inserts touching the same days lock them in one order.
  await sql`
    create function daily_consumption_totals_added() returns trigger language plpgsql as $$
    begin
      insert into daily_consumption_totals (org_id, day, cost_milli)
      select org_id, day, sum(cost_milli) from added group by org_id, day order by org_id, day
      on conflict (org_id, day) do update set cost_milli = daily_consumption_totals.cost_milli + excluded.cost_milli;
      return null;
    end $$`.execute(db);
  await sql`
    create function daily_consumption_totals_removed() returns trigger language plpgsql as $$
    begin
      update daily_consumption_totals t set cost_milli = t.cost_milli - r.cost_milli
      from (select org_id, day, sum(cost_milli) as cost_milli from removed group by org_id, day) r
      where t.org_id = r.org_id and t.day = r.day;
      return null;
    end $$`.execute(db);
  await sql`
    create function daily_consumption_totals_changed() returns trigger language plpgsql as $$
    begin
      update daily_consumption_totals set cost_milli = cost_milli - old.cost_milli where org_id = old.org_id and day = old.day;
      insert into daily_consumption_totals (org_id, day, cost_milli) values (new.org_id, new.day, new.cost_milli)
      on conflict (org_id, day) do update set cost_milli = daily_consumption_totals.cost_milli + excluded.cost_milli;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger daily_consumption_totals_insert after insert on daily_consumption
    referencing new table as added for each statement execute function daily_consumption_totals_added()`.execute(db);
  await sql`
    create trigger daily_consumption_totals_delete after delete on daily_consumption
    referencing old table as removed for each statement execute function daily_consumption_totals_removed()`.execute(db);
  await sql`
    create trigger daily_consumption_totals_update after update of org_id, day, cost_milli on daily_consumption for each row
    when (new.org_id is distinct from old.org_id or new.day is distinct from old.day or new.cost_milli is distinct from old.cost_milli)
    execute function daily_consumption_totals_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  for (const t of ["daily_consumption_totals_update", "daily_consumption_totals_delete", "daily_consumption_totals_insert"])
    await sql.raw(`drop trigger if exists ${t}${pg ? " on daily_consumption" : ""}`).execute(db);
  if (pg) for (const f of ["daily_consumption_totals_changed", "daily_consumption_totals_removed", "daily_consumption_totals_added"]) await sql.raw(`drop function if exists ${f}()`).execute(db);
  await db.schema.dropTable("daily_consumption_totals").execute();
}
