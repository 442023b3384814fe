import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * The portal's calendar addresses (issue 11 item 5) and the recharge orders /payresult reads
 * (3 §2.6, §7.3).
 *
 * - `calendar_feeds`: one secret iCalendar address per portal identity. Only the sha256 of the
 *   secret is stored (a leaked database leaks no working address), and it is unique, since the
 *   address is looked up by it with no session. One row per identity (its primary key), so making a
 *   new address replaces the old one in the same statement: the old address dies at once. The row
 *   goes with its identity or organisation.
 * - `recharge_orders`: an organisation's recharge orders, by the payment's `trade_no` (unique across
 *   organisations: it is the payment provider's number). Money is in thousandths of a yuan like the
 *   balance; `status` is pending, paid or failed; `paid_at` is set once paid. Billing writes them;
 *   until it lands, the demo seed holds a paid and a pending one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("calendar_feeds")
    .addColumn("identity_id", "integer", (c) => c.primaryKey().references("identities.id").onDelete("cascade"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("secret_hash", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("recharge_orders"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("trade_no", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("fee_milli", "bigint", (c) => c.notNull())
    .addColumn("way", "varchar(16)", (c) => c.notNull())
    .addColumn("status", "varchar(8)", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("paid_at", "bigint")
    .execute();
  // The recharge record (3 §7.3): one organisation's orders, newest first.
  await db.schema.createIndex("recharge_orders_list").on("recharge_orders").columns(["org_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("recharge_orders").execute();
  await db.schema.dropTable("calendar_feeds").execute();
}
