import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Product templates (2 §2 /productTemplate, §3): the record is `{Id, Product}`, Product being the
 * JSON text the client and the live's product list exchange. Two of its fields are also columns:
 * `name` (productname) for the name search, and `product_key` (productid), unique within an
 * organisation so that two saves of one id, however close, cannot both pass (商品Id重复，请重新输入).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("product_templates"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("product", "text", (c) => c.notNull())
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("product_key", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("product_templates_key").on("product_templates").columns(["org_id", "product_key"]).unique().execute();
  await db.schema.createIndex("product_templates_list").on("product_templates").columns(["org_id", "updated_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("product_templates").execute();
}
