import { sql, type Kysely } from "kysely";

/**
 * Where a person's record came from, for the one decision that needs it: whether an organisation
 * may move the person's sign-in mobile (services/users.ts changeIdentity). The mobile is the
 * person's only identity across organisations, so moving it hands the account to whoever holds
 * the new number.
 *
 * - `created_by_org`: the organisation whose user screens (or student import) created the person;
 *   null when the person registered themself. Rows from before this migration stay null: nothing
 *   stored proves which organisation, if any, created them, and null is the answer that refuses.
 *   No foreign key: a deleted organisation's number matches no organisation that could ask, and
 *   SQLite cannot drop a column that holds one (down).
 * - `first_sign_in_at`: the first sign-in (password or SMS, plugins/session.ts startSession);
 *   null for never. Rows from before take the oldest session still stored, which is a sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("persons").addColumn("created_by_org", "integer").execute();
  await db.schema.alterTable("persons").addColumn("first_sign_in_at", "bigint").execute();
  await sql`update persons set first_sign_in_at = (select min(s.created_at) from sessions s where s.person_id = persons.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("persons").dropColumn("first_sign_in_at").execute();
  await db.schema.alterTable("persons").dropColumn("created_by_org").execute();
}
