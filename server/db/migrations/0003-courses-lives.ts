import type { Kysely } from "kysely";
import { withId } from "./helpers";

/**
 * Courses, their students, lives and attendance (1 §2.5, §3; 2 §3).
 *
 * - A course's first live time is not stored: it is the earliest start of its lives, read
 *   through `lives_course` whenever a course is listed, so no live write can leave it stale.
 * - The teachers and assistants of a live are rows of `live_staff` (a live may have several,
 *   2 §3), so "the lives a teacher taught" is one index lookup.
 * - `attendance` holds one row per person, live and way of listening (1 live, 2 replay): the
 *   seconds online and the check state of that listening (do, late, leaveearly, undo).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("courses"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    .addColumn("title", "varchar(60)", (c) => c.notNull())
    .addColumn("type", "integer", (c) => c.notNull())
    .addColumn("max_user_num", "integer", (c) => c.notNull())
    .addColumn("expire", "bigint", (c) => c.notNull())
    .addColumn("headimg", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("create_user", "varchar(64)", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // The course list: one organisation's courses, newest change first.
  await db.schema.createIndex("courses_list").on("courses").columns(["org_id", "updated_at", "id"]).execute();

  await db.schema
    .createTable("course_students")
    .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id").onDelete("cascade"))
    .addColumn("identity_id", "integer", (c) => c.notNull().references("identities.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("course_students_pk", ["course_id", "identity_id"])
    .execute();
  // A student's courses (detail statistics, the "not added" picker's anti-join).
  await db.schema.createIndex("course_students_student").on("course_students").columns(["identity_id", "course_id"]).execute();

  await withId(db, db.schema.createTable("lives"))
    .addColumn("org_id", "integer", (c) => c.notNull().references("organisations.id").onDelete("cascade"))
    // No cascade: a course that has lives is not deleted (routes/courses).
    .addColumn("course_id", "integer", (c) => c.notNull().references("courses.id"))
    .addColumn("title", "varchar(60)", (c) => c.notNull())
    .addColumn("begin_time", "bigint", (c) => c.notNull())
    .addColumn("end_time", "bigint", (c) => c.notNull())
    // 0 not started, 1 in progress, 2 ended (2 §4).
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    // Live type / class scale (1 §9, 2 §4): 0 small, 1 large, 2 public, 5 dual teacher, 6 interactive, …
    .addColumn("scale", "integer", (c) => c.notNull())
    // Voiding is one-way (2 §4); a voided live counts nowhere.
    .addColumn("voided", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    // The main classroom of a double-teacher sub-class, 0 for none (2 §3).
    .addColumn("master_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lives_course").on("lives").columns(["course_id", "begin_time"]).execute();
  // An organisation's lives by time (today's lives, a date range).
  await db.schema.createIndex("lives_org_time").on("lives").columns(["org_id", "begin_time"]).execute();

  await db.schema
    .createTable("live_staff")
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("identity_id", "integer", (c) => c.notNull().references("identities.id").onDelete("cascade"))
    .addColumn("role", "varchar(16)", (c) => c.notNull())
    // Order of the live's teachers (the first is the main teacher) and of its assistants.
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("live_staff_pk", ["live_id", "identity_id"])
    .execute();
  await db.schema.createIndex("live_staff_identity").on("live_staff").columns(["identity_id", "live_id"]).execute();

  await withId(db, db.schema.createTable("attendance"))
    .addColumn("live_id", "integer", (c) => c.notNull().references("lives.id").onDelete("cascade"))
    .addColumn("identity_id", "integer", (c) => c.notNull().references("identities.id").onDelete("cascade"))
    .addColumn("play_type", "integer", (c) => c.notNull())
    .addColumn("online_seconds", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("check_state", "varchar(12)", (c) => c.notNull())
    .addColumn("joined_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("attendance_once", ["live_id", "identity_id", "play_type"])
    .execute();
  await db.schema.createIndex("attendance_identity").on("attendance").columns(["identity_id", "live_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["attendance", "live_staff", "lives", "course_students", "courses"]) await db.schema.dropTable(t).execute();
}
