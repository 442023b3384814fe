import { sql, type Kysely } from "kysely";

/**
 * The organisation's sensitive words (issue 19 item 6; 3 §2.4, §3 filter words, §7.5).
 *
 * - `filter_words`: one row per organisation, none until its first save (the lists then read as
 *   empty). `black` and `white` are each the JSON text the wire carries, `{"words":[…]}`, saved by
 *   their own single-record declarations (resources/filter-words/filter-words.ts); one row keeps
 *   both so the room's matcher knows from one `updated_at` whether either list changed since it was
 *   built (server/services/filter-words/org-words.ts), in every process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("filter_words")
    .addColumn("org_id", "integer", (c) => c.primaryKey().references("organisations.id").onDelete("cascade"))
    .addColumn("black", "text", (c) => c.notNull().defaultTo(sql.lit('{"words":[]}')))
    .addColumn("white", "text", (c) => c.notNull().defaultTo(sql.lit('{"words":[]}')))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("filter_words").execute();
}
