import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Smart reminders (issue 19 item 7; 3 §2.7, §3, §7.7, §9).
 *
 * - `smart_reminders`: one row per organisation. `config` is the reminder times as JSON (3 §3: the
 *   groups teacher, student, teachervoice, studentvoice, each with before and after seconds, 0 for
 *   none); no row reads as the declared defaults. `enabled_at` and `paid_until` are the one-way
 *   switch: the service is on while `paid_until` is ahead, a year after the enable that paid for it.
 * - `reminder_sends`: every reminder claimed for a person of a live, one row per (live, person,
 *   group, before/after) by its unique index, so two job runners (two server processes) that find
 *   the same reminder due insert it once and only the one that inserted it sends. A live whose time
 *   changes keeps its rows, so a reminder already sent is not sent again. `units` is what it is
 *   billed in (an SMS's parts, a call's minutes); `sent_at` is set once the adapter took it, and the
 *   rating job bills a day's sent reminders (sms, voicesms). No foreign key to `lives`: a deleted
 *   live's reminders were still sent and are still billed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("smart_reminders")
    .addColumn("org_id", "integer", (c) => c.primaryKey().references("organisations.id").onDelete("cascade"))
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addColumn("enabled_at", "bigint")
    .addColumn("paid_until", "bigint")
    .execute();

  await withId(db, db.schema.createTable("reminder_sends"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull())
    .addColumn("identity_id", "integer", (c) => c.notNull())
    .addColumn("grp", "varchar(16)", (c) => c.notNull())
    .addColumn("phase", "varchar(8)", (c) => c.notNull())
    .addColumn("channel", "varchar(8)", (c) => c.notNull())
    .addColumn("mobile", "varchar(20)", (c) => c.notNull())
    .addColumn("text", "varchar(500)", (c) => c.notNull())
    .addColumn("units", "integer", (c) => c.notNull())
    .addColumn("claimed_at", "bigint", (c) => c.notNull())
    .addColumn("sent_at", "bigint")
    .execute();
  await db.schema.createIndex("reminder_sends_once").on("reminder_sends").columns(["live_id", "identity_id", "grp", "phase"]).unique().execute();
  // A day's sent reminders of an organisation, for the rating job.
  await db.schema.createIndex("reminder_sends_day").on("reminder_sends").columns(["org_id", "sent_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("reminder_sends").execute();
  await db.schema.dropTable("smart_reminders").execute();
}
