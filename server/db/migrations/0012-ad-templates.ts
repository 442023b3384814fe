import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Ad templates (2 §2 /adTemplate, 3 §3): the record is `{Id, Ad}`, Ad being JSON text of the ad.
 * As for product templates, its title is a column for search and its productid a column unique
 * within the organisation (广告Id重复，请重新输入), held by the index rather than by a read first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("ad_templates"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("ad", "text", (c) => c.notNull())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("ad_key", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ad_templates_key").on("ad_templates").columns(["org_id", "ad_key"]).unique().execute();
  await db.schema.createIndex("ad_templates_list").on("ad_templates").columns(["org_id", "updated_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ad_templates").execute();
}
