import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Every stored upload, so an organisation's uploads can be held to a quota and a rate
 * (server/routes/courses/upload.ts). A row is written once the file is stored and judged; the
 * index serves both questions asked before each upload: how many since a moment, and how many bytes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("uploads"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("name", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("bytes", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploads_org_time").on("uploads").columns(["org_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("uploads").execute();
}
