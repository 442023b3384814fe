import type { Kysely } from "kysely";

/**
 * Developer credentials (3 §2.7, §7.7; issue 19 item 9): one App Id and private key per
 * organisation, made when first asked for.
 *
 * - `developer_credentials`: `app_id` is a random guid, unique across organisations since a
 *   caller names its organisation by it; `key_sealed` is the private key sealed with AES-256-GCM
 *   under a key derived from the server's secret (server/services/developer/credentials.ts), never
 *   the key itself, since the screen shows it again; `generation` counts resets, so a reset is a
 *   conditional update of the generation the caller read. Times are epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("developer_credentials")
    .addColumn("org_id", "integer", (c) => c.primaryKey().references("organisations.id").onDelete("cascade"))
    .addColumn("app_id", "varchar(40)", (c) => c.notNull().unique())
    .addColumn("key_sealed", "varchar(200)", (c) => c.notNull())
    .addColumn("generation", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("developer_credentials").execute();
}
