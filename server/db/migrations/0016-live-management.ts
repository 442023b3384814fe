import { sql, type Kysely } from "kysely";
import { isPostgres, withId } from "./helpers";

/**
 * Live management (issue 10; 2 §2-§9, 3 §2.7): what a live carries beyond its course, time and
 * staff, its students, the organisation's defaults, simulated-live templates, and how viewers of a
 * shared live are verified.
 *
 * - `lives` gains the fields of 2 §3: `encrypt_room_id` (an opaque room id, set when a live is
 *   created; '' for lives from before), `config` (JSON text of the live config, all values text),
 *   `emulate_id` (the simulated-live template it plays, 0 for none), `sub_class_name` (a
 *   double-teacher sub-class, at most 4 characters), `init_num` (the audience base, 0 to
 *   10,000,000), `cloud_disk_files` (JSON text of courseware chosen from the cloud disk), and the
 *   two share guids, null until first asked for and then stable (2 §7). A guid is how an anonymous
 *   viewer names the live, so each has a unique index (several nulls are allowed on both databases).
 * - `live_students`: who may enter a live. It carries `org_id` like `live_papers` (0014), so the
 *   organisation-scoped accessor reaches it and no query of it can forget tenancy.
 * - `group_configs`: the organisation's live defaults and the liveConfigPermissions flags (one
 *   JSON text, 3 §3); no row reads as the defaults of resources/live-config.ts.
 * - `emulate_templates`: simulated-live templates (2 §2 /fzLiveTemplate). Teachers and assistants
 *   are JSON text lists as the spec shows them (`[{account, name}]`): a template records who taught
 *   the recorded class, it does not give them lives. Voiding is one-way (`voided` = 1).
 * - `live_validators`: the verification a shared live asks of a viewer (2 §3 validator settings),
 *   one row per live, none until first saved. `descr` is the introduction's HTML, stored only after
 *   the server has sanitised it.
 * - `live_whitelist`: the usernames and passwords a whitelist live admits (at most 50,000 a live,
 *   enforced by the service). A password is unique within its live: the room identifies a viewer by
 *   it, and the spec's 添加失败， 可能存在相同的密码 says the same.
 * - `live_recordings`: the recordings of a live, played by the playback room and shared by the
 *   replay link; a live has a replay once it has one (the portal's 观看回放, 2 §4).
 * - `organisations.arrears_limit_milli`: how far below zero an organisation's balance may go before
 *   a new live is refused with code 918 (2 §8); 0 means a balance at or below zero refuses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const lives = db.schema.alterTable("lives");
  await lives.addColumn("encrypt_room_id", "varchar(40)", (c) => c.notNull().defaultTo("")).execute();
  await lives.addColumn("config", "text", (c) => c.notNull().defaultTo("{}")).execute();
  await lives.addColumn("emulate_id", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await lives.addColumn("sub_class_name", "varchar(16)", (c) => c.notNull().defaultTo("")).execute();
  await lives.addColumn("init_num", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await lives.addColumn("cloud_disk_files", "text", (c) => c.notNull().defaultTo("")).execute();
  await lives.addColumn("share_guid", "varchar(40)").execute();
  await lives.addColumn("replay_guid", "varchar(40)").execute();
  await db.schema.createIndex("lives_share_guid").on("lives").column("share_guid").unique().execute();
  await db.schema.createIndex("lives_replay_guid").on("lives").column("replay_guid").unique().execute();
  // The sub-classes of a main classroom (2 §2 sub-classroom list), in time order.
  await db.schema.createIndex("lives_master").on("lives").columns(["master_id", "begin_time"]).execute();

  await db.schema
    .createTable("live_students")
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("identity_id", "integer", (c) => c.notNull().references("identities.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("live_students_pk", ["live_id", "identity_id"])
    .execute();
  // A student's lives (the portal's calendar, the "not added" picker's anti-join).
  await db.schema.createIndex("live_students_student").on("live_students").columns(["identity_id", "live_id"]).execute();

  await db.schema
    .createTable("group_configs")
    .addColumn("org_id", "integer", (c) => c.primaryKey().references("organisations.id").onDelete("cascade"))
    .addColumn("config", "text", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("emulate_templates"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("title", "varchar(60)", (c) => c.notNull())
    .addColumn("live_type", "integer", (c) => c.notNull())
    .addColumn("begin_time", "bigint", (c) => c.notNull())
    .addColumn("end_time", "bigint", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("teachers", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("assistants", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("voided", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("emulate_templates_list").on("emulate_templates").columns(["org_id", "voided", "begin_time", "id"]).execute();

  await db.schema
    .createTable("live_validators")
    .addColumn("live_id", "integer", (c) => c.primaryKey().references("lives.id").onDelete("cascade"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    // 1 no password, 2 whitelist, 3 single password (2 §3).
    .addColumn("check_type", "integer", (c) => c.notNull())
    .addColumn("password", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("logo_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("poster", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("descr", "text", (c) => c.notNull().defaultTo(""))
    // JSON text {isRecord: 1 off | 2 on, data: [registration fields]}.
    .addColumn("extra", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("live_whitelist"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("username", "varchar(64)", (c) => c.notNull())
    .addColumn("password", "varchar(64)", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("live_whitelist_password", ["live_id", "password"])
    .execute();
  // One live's list, a page at a time in the order entries were added.
  await db.schema.createIndex("live_whitelist_list").on("live_whitelist").columns(["live_id", "id"]).execute();

  await withId(db, db.schema.createTable("live_recordings"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("name", "varchar(200)", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("duration_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("size_bytes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("live_recordings_live").on("live_recordings").columns(["live_id", "id"]).execute();

  await db.schema.alterTable("organisations").addColumn("arrears_limit_milli", "bigint", (c) => c.notNull().defaultTo(0)).execute();
  // A live from before this migration keeps working in the room: give it a room id now.
  await sql`update lives set encrypt_room_id = ${sql.raw(roomIdExpression(db))} where encrypt_room_id = ''`.execute(db);
}

/** 32 random hex characters per row, in each database's own words. */
function roomIdExpression(db: Kysely<unknown>): string {
  return isPostgres(db) ? "md5(random()::text || id::text || clock_timestamp()::text)" : "lower(hex(randomblob(16)))";
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("organisations").dropColumn("arrears_limit_milli").execute();
  for (const t of ["live_recordings", "live_whitelist", "live_validators", "emulate_templates", "group_configs", "live_students"]) await db.schema.dropTable(t).execute();
  for (const i of ["lives_master", "lives_replay_guid", "lives_share_guid"]) await db.schema.dropIndex(i).execute();
  for (const c of ["replay_guid", "share_guid", "cloud_disk_files", "init_num", "sub_class_name", "emulate_id", "config", "encrypt_room_id"])
    await db.schema.alterTable("lives").dropColumn(c).execute();
}
