import type { Kysely } from "kysely";

/**
 * What the cleanup job (services/cleanup.ts) deletes by. Without these it found each batch by
 * scanning the table: an hour of a captcha flood is over a million rows, and on SQLite that scan
 * holds the one writer (and the event loop) for a large part of a second at every run.
 */
const indexes = [
  ["captchas_expires", "captchas", "expires_at"],
  ["sms_codes_expires", "sms_codes", "expires_at"],
  ["sessions_expires", "sessions", "expires_at"],
  ["login_guards_updated", "login_guards", "updated_at"],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of indexes) await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of indexes) await db.schema.dropIndex(name).execute();
}
