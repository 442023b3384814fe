import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * The account overview's low-balance warning (issue 19 item 2, 3 §2.3, §7.2).
 *
 * - `balance_alerts`: an organisation's warning threshold, one row at most (a settings record):
 *   `config` is the yuan amount as the overview sent it (3 §5: sent as typed; the schema bounds it).
 * - `notify_persons`: who is told by SMS when the balance falls to the threshold; a mobile once an
 *   organisation.
 * - `balance_alert_sends`: each SMS of a crossing, one per (ledger row, mobile): the ledger row that
 *   took the balance across names the crossing, so a retried job never texts anyone twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("balance_alerts")
    .addColumn("org_id", "integer", (c) => c.primaryKey().references("organisations.id").onDelete("cascade"))
    .addColumn("config", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("notify_persons"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("name", "varchar(20)", (c) => c.notNull())
    .addColumn("mobile", "varchar(11)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notify_persons_mobile").on("notify_persons").columns(["org_id", "mobile"]).unique().execute();
  await withId(db, db.schema.createTable("balance_alert_sends"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("ledger_id", "integer", (c) => c.notNull().references("ledger.id").onDelete("cascade"))
    .addColumn("mobile", "varchar(11)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("balance_alert_sends_once").on("balance_alert_sends").columns(["ledger_id", "mobile"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("balance_alert_sends").execute();
  await db.schema.dropTable("notify_persons").execute();
  await db.schema.dropTable("balance_alerts").execute();
}
