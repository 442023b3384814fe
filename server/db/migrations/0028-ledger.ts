import { sql, type Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Money (issue 19 item 1): every change of an organisation's balance is a row of its ledger,
 * written in the same transaction as the balance, so the balance always equals the sum of the
 * ledger.
 *
 * - `ledger`: `kind` is recharge, consumption, refund or adjustment; `amount_milli` is signed
 *   (thousandths of a yuan, like the balance); `balance_milli` is the balance just after it.
 *   `ref` names what moved the money (`recharge:<trade_no>`, `consume:<day>`), unique within the
 *   organisation: a second attempt of the same movement, even one racing the first, inserts
 *   nothing, which is what makes a replayed payment notify or a second rating of a day harmless.
 * - `organisations.pay_type`: 1 pays from the balance (a new live is refused at or below zero),
 *   2 runs in arrears up to `arrears_limit_milli` (2 §9 pay type).
 * - `organisations.price_list`: the price list the rating job bills the organisation under
 *   (resources/billing/prices.ts).
 * - `daily_consumption.detail`: the spec's consume_detail (3 §3) of a rated day, as JSON.
 * - `media_files.transcoded_at`: when a video's transcode finished, for the day's transcoding minutes.
 *
 * An organisation's balance before this migration becomes its ledger's opening row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("ledger"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    .addColumn("amount_milli", "bigint", (c) => c.notNull())
    .addColumn("balance_milli", "bigint", (c) => c.notNull())
    .addColumn("ref", "varchar(80)", (c) => c.notNull())
    .addColumn("note", "varchar(200)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ledger_ref").on("ledger").columns(["org_id", "ref"]).unique().execute();
  // An organisation's movements, newest first.
  await db.schema.createIndex("ledger_list").on("ledger").columns(["org_id", "created_at", "id"]).execute();

  const orgs = db.schema.alterTable("organisations");
  await orgs.addColumn("pay_type", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await orgs.addColumn("price_list", "varchar(32)", (c) => c.notNull().defaultTo("standard")).execute();
  await db.schema.alterTable("daily_consumption").addColumn("detail", "text", (c) => c.notNull().defaultTo("{}")).execute();
  await db.schema.alterTable("media_files").addColumn("transcoded_at", "bigint").execute();

  const now = Date.now();
  await sql`insert into ledger (org_id, kind, amount_milli, balance_milli, ref, note, created_at)
    select id, 'adjustment', balance_milli, balance_milli, 'opening', '开账余额', ${now} from organisations where balance_milli <> 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("media_files").dropColumn("transcoded_at").execute();
  await db.schema.alterTable("daily_consumption").dropColumn("detail").execute();
  await db.schema.alterTable("organisations").dropColumn("price_list").execute();
  await db.schema.alterTable("organisations").dropColumn("pay_type").execute();
  await db.schema.dropTable("ledger").execute();
}
