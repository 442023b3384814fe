import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Admin messages pushed to the organisation's people (2 §2 /messageop, §3: Id, Msg, CreateUser,
 * CreateTime). The author's name is kept as it was when the message was written. The index serves
 * the list: one organisation's messages, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("admin_messages"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("msg", "text", (c) => c.notNull())
    .addColumn("create_user", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("admin_messages_list").on("admin_messages").columns(["org_id", "created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_messages").execute();
}
