import type { Kysely } from "kysely";

/**
 * Sign-in that holds against automated attackers (services/login-guards.ts).
 *
 * - `login_guards.locked_until`: a long run of wrong passwords locks the account for a while;
 *   0 when it is not locked. `failures` becomes the count of tries reserved since the last
 *   success or lock: a try is counted before its password is checked, so parallel tries see
 *   each other.
 * - `login_ip_failures`: wrong passwords from one address across accounts in the current
 *   window; past a few, every sign-in from there needs the graphic captcha, so one password
 *   sprayed over many accounts meets it too. Rows idle a day can go, like `login_guards`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("login_guards")
    .addColumn("locked_until", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable("login_ip_failures")
    .addColumn("ip", "varchar(64)", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("window_started_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_ip_failures").execute();
  await db.schema.alterTable("login_guards").dropColumn("locked_until").execute();
}
