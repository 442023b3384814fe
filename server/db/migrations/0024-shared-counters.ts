import type { Kysely } from "kysely";

/**
 * What must hold across processes on one database (issue 17 item 2):
 *
 * - `rate_counters`: the declared rate limits' windows, one row per limit and subject (an
 *   address, a person, a mobile, a live), counted by one conditional upsert, so N processes admit
 *   N requests in all, not N per process.
 * - `job_leases`: a periodic job's turn, taken by one process at a time for a period, so a job
 *   runs once across processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_counters")
    .addColumn("key", "varchar(160)", (c) => c.primaryKey())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_counters_window").on("rate_counters").columns(["window_started_at"]).execute();
  await db.schema
    .createTable("job_leases")
    .addColumn("name", "varchar(64)", (c) => c.primaryKey())
    .addColumn("holder", "varchar(64)", (c) => c.notNull())
    .addColumn("until", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_leases").execute();
  await db.schema.dropTable("rate_counters").execute();
}
