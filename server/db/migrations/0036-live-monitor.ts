import type { Kysely } from "kysely";

/**
 * Who of a course's thousands of students is in a live's room (server/services/live-monitor/online-status.ts):
 * a page of the course's students is read in enrolment order from `course_students_recent`
 * (course_id, created_at, identity_id) instead of sorting every enrolment, and that page's visits of
 * the live from `room_visits_live_identity` (live_id, identity_id) instead of every visit of the live.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("course_students_recent").on("course_students").columns(["course_id", "created_at", "identity_id"]).execute();
  await db.schema.createIndex("room_visits_live_identity").on("room_visits").columns(["live_id", "identity_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("room_visits_live_identity").execute();
  await db.schema.dropIndex("course_students_recent").execute();
}
