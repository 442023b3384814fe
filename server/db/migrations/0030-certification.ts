import type { Kysely } from "kysely";

/**
 * Organisation certification (3 §2.4, §3, §4, §7.6; issue 19 item 5): one record per organisation,
 * none until first submitted.
 *
 * - `certifications`: the licence and the contact as submitted; `verified_mobile` is the contact
 *   mobile an SMS code last proved (a save keeping it needs no new code); `state` is 'validating'
 *   from each submission or change until a platform operator approves it ('validate-complete',
 *   `npm run certify`, `certified_at`). Times are epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("certifications")
    .addColumn("org_id", "integer", (c) => c.primaryKey().references("organisations.id").onDelete("cascade"))
    .addColumn("certificate_name", "varchar(100)", (c) => c.notNull())
    .addColumn("province", "varchar(20)", (c) => c.notNull())
    .addColumn("city", "varchar(30)", (c) => c.notNull())
    .addColumn("region", "varchar(30)", (c) => c.notNull())
    .addColumn("address", "varchar(200)", (c) => c.notNull())
    .addColumn("certificate_no", "varchar(20)", (c) => c.notNull())
    .addColumn("certificate_picture", "varchar(200)", (c) => c.notNull())
    .addColumn("contact_name", "varchar(30)", (c) => c.notNull())
    .addColumn("contact_id_card", "varchar(18)", (c) => c.notNull())
    .addColumn("contact_mobile", "varchar(20)", (c) => c.notNull())
    .addColumn("verified_mobile", "varchar(20)", (c) => c.notNull())
    .addColumn("state", "varchar(30)", (c) => c.notNull())
    .addColumn("certified_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("certifications").execute();
}
