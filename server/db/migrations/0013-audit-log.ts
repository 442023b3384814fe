import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * The audit log (issue 9 item 9): one row per write of the engine and of the bespoke user and
 * course writes, in the same transaction as the write. `diff` is JSON text
 * `{"before": {...}, "after": {...}}` of the changed fields only, under their wire names. The
 * actor's id and name are copied, so the log still reads after the identity is gone.
 * Indexes: a record's history, and the organisation's log by time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("audit_log"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("actor_id", "integer", (c) => c.notNull())
    .addColumn("actor_name", "varchar(64)", (c) => c.notNull())
    .addColumn("resource", "varchar(64)", (c) => c.notNull())
    .addColumn("record_id", "integer", (c) => c.notNull())
    .addColumn("action", "varchar(8)", (c) => c.notNull())
    .addColumn("diff", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_record").on("audit_log").columns(["org_id", "resource", "record_id"]).execute();
  await db.schema.createIndex("audit_log_time").on("audit_log").columns(["org_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
}
