import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Data push (issue 19 items 8 and 10, 3 §2.7, §3):
 *
 * - `push_configs`: the organisation's master switch (1/0) and its groups of apis as JSON text
 *   (3 §3: name, url, status of each); no row reads as every api off (resources/data-push/push-api.ts).
 * - `push_secrets`: the organisation's key signing its deliveries (HMAC-SHA256), made at its first
 *   reading; kept as is, since the console shows it for the receiver to be set up with.
 * - `push_deliveries`: every webhook delivery (the log of /pushDataOp): the event, the address and
 *   the exact body sent, the last try's status code and latency, the tries so far, and its state
 *   (queued, done, failed) with the last error. The durable job doing the tries is in `jobs`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_configs")
    .addColumn("org_id", "integer", (c) => c.primaryKey().references("organisations.id").onDelete("cascade"))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("push_secrets")
    .addColumn("org_id", "integer", (c) => c.primaryKey().references("organisations.id").onDelete("cascade"))
    .addColumn("secret", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("push_deliveries"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("event", "varchar(40)", (c) => c.notNull())
    .addColumn("url", "varchar(500)", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("latency_ms", "integer")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("state", "varchar(16)", (c) => c.notNull().defaultTo("queued"))
    .addColumn("error", "varchar(500)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // The log, newest first, and one event's.
  await db.schema.createIndex("push_deliveries_list").on("push_deliveries").columns(["org_id", "created_at", "id"]).execute();
  await db.schema.createIndex("push_deliveries_event").on("push_deliveries").columns(["org_id", "event", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("push_deliveries").execute();
  await db.schema.dropTable("push_secrets").execute();
  await db.schema.dropTable("push_configs").execute();
}
