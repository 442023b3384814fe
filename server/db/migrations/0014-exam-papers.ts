import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * The exam service Lectern answers itself (3 §3, §7.1): an organisation's exam papers, and which
 * papers are bound to which live.
 *
 * - `live_papers` carries `org_id` although its live already names one, so the org-scoped
 *   accessor reaches it like any other organisation table, and no query of it can forget tenancy.
 * - Its primary key (live, paper) is what makes binding idempotent: two binds racing each other
 *   insert one row, the second doing nothing (ON CONFLICT DO NOTHING on both databases).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("exam_papers"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("title", "varchar(100)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_modified", "bigint", (c) => c.notNull())
    .execute();
  // The import dialog: one organisation's papers, newest first, a page at a time.
  await db.schema.createIndex("exam_papers_list").on("exam_papers").columns(["org_id", "created_at", "id"]).execute();

  await db.schema
    .createTable("live_papers")
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("paper_id", "integer", (c) => c.notNull().references("exam_papers.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("live_papers_pk", ["live_id", "paper_id"])
    .execute();
  // Deleting a paper finds its bindings without a scan.
  await db.schema.createIndex("live_papers_paper").on("live_papers").columns(["paper_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("live_papers").execute();
  await db.schema.dropTable("exam_papers").execute();
}
