import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("persons"))
    .addColumn("mobile", "varchar(20)", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("nickname", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("headimg", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("organisations"))
    .addColumn("name", "varchar(100)", (c) => c.notNull())
    .addColumn("balance_milli", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("identities"))
    .addColumn("person_id", "integer", (c) => c.notNull().references("persons.id").onDelete("cascade"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("role", "varchar(16)", (c) => c.notNull())
    .addColumn("name", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("nick", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("userop", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("useropex", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("identities_org_role_person", ["org_id", "role", "person_id"])
    .execute();
  await db.schema.createIndex("identities_person").on("identities").column("person_id").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "varchar(64)", (c) => c.primaryKey())
    .addColumn("person_id", "integer", (c) => c.notNull().references("persons.id").onDelete("cascade"))
    .addColumn("identity_id", "integer", (c) => c.references("identities.id").onDelete("set null"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sessions_person").on("sessions").column("person_id").execute();

  await withId(db, db.schema.createTable("sms_codes"))
    .addColumn("mobile", "varchar(20)", (c) => c.notNull())
    .addColumn("purpose", "varchar(20)", (c) => c.notNull())
    .addColumn("code_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sms_codes_lookup").on("sms_codes").columns(["mobile", "purpose", "created_at"]).execute();

  await withId(db, db.schema.createTable("captchas"))
    .addColumn("mobile", "varchar(20)", (c) => c.notNull())
    .addColumn("answer_hash", "varchar(64)", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("used_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("captchas_lookup").on("captchas").columns(["mobile", "created_at"]).execute();

  await db.schema
    .createTable("login_guards")
    .addColumn("mobile", "varchar(20)", (c) => c.primaryKey())
    .addColumn("need_captcha", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["login_guards", "captchas", "sms_codes", "sessions", "identities", "organisations", "persons"])
    await db.schema.dropTable(t).execute();
}
