import type { Kysely } from "kysely";

/**
 * Products and ads of a live and the room's cards (issue 20 item 8; 2 §3 product and ad, §7).
 *
 * - `live_shelves`: a live's product list and its ad list, each the JSON text the wire carries
 *   (`productlist`, `adlist`), one row a live and kind, none until the first save (an empty list).
 *   `version` rises with every save: a save names the version it was made from and is refused when
 *   another save came between, so two people adding at once never lose one of the adds.
 * - `live_shelf_clicks`: how often the room's viewers opened each card (per live, kind and item id),
 *   added to in one statement.
 * - `live_pins`: the one card the teacher pinned in the room, if any.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("live_shelves")
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("items", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("live_shelves_pk", ["org_id", "live_id", "kind"])
    .execute();
  await db.schema
    .createTable("live_shelf_clicks")
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("clicks", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("live_shelf_clicks_pk", ["org_id", "live_id", "kind", "item_id"])
    .execute();
  await db.schema
    .createTable("live_pins")
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("pinned_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("live_pins_pk", ["org_id", "live_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("live_pins").execute();
  await db.schema.dropTable("live_shelf_clicks").execute();
  await db.schema.dropTable("live_shelves").execute();
}
