import { randomBytes } from "node:crypto";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError, fail } from "../../plugins/envelope";
import { courseFullMessage, liveFullMessage } from "../../../resources/courses/course";
import { courseSeatsOf, enrolledCount, isEnrolled, refuse, wire, type PickerPage } from "../course-students";
import { defaultPermissions } from "../user-permissions";
import { matching } from "../user-list";
import { addIdentity } from "../users";
import { needActiveLive } from "./records";

/**
 * The students of a live (2 §7 "Students of a live"): who may enter it. Rows of live_students carry
 * the organisation like their live; every read or write below names a live found through the scope
 * first. Adding a student to a live also enrols it in the live's course (course_students, a child
 * of the course), in the same transaction.
 */

export type LivePickerQuery = PickerPage & { liveId: number };

async function needLive(scope: OrgScope, id: number) {
  const live = await scope.selectFrom("lives").select("id").where("id", "=", id).executeTakeFirst();
  if (!live) throw fail.notFound();
}

/** The organisation's students, all of them or those a key matches, as the student list finds them. */
function studentsOf(scope: OrgScope, key: string) {
  const students = scope
    .selectFrom("identities as t")
    .innerJoin("persons as p", "p.id", "t.person_id")
    .select(["t.id", "t.name", "p.mobile", "t.updated_at"])
    .where("t.role", "=", "student");
  if (!key) return students;
  // The student search's own rows (its index, its LIKE), already the organisation's.
  return students.where("t.id", "in", scope.shared.selectFrom(matching({ scope, role: "student" }, key).as("k")).select("k.id"));
}

/** The organisation's students not in the live, in the student list's order (newest change first). */
export async function unaddedLiveStudents(scope: OrgScope, q: LivePickerQuery) {
  await needLive(scope, q.liveId);
  const notIn = studentsOf(scope, q.key?.trim() ?? "").where((eb) =>
    eb.not(eb.exists(eb.selectFrom("live_students as ls").select("ls.live_id").where("ls.live_id", "=", q.liveId).whereRef("ls.identity_id", "=", "t.id"))),
  );
  const [rows, total] = await Promise.all([
    notIn.orderBy("t.updated_at", "desc").orderBy("t.id", "desc").limit(q.count).offset((q.page - 1) * q.count).execute(),
    scope.shared.selectFrom(notIn.as("u")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(wire), total: Number(total.n) };
}

/** The live's students, most recently added first. */
export async function liveStudents(scope: OrgScope, q: LivePickerQuery) {
  await needLive(scope, q.liveId);
  const added = studentsOf(scope, q.key?.trim() ?? "")
    .innerJoin("live_students as ls", (join) => join.onRef("ls.identity_id", "=", "t.id").on("ls.live_id", "=", q.liveId))
    .select("ls.created_at");
  const [rows, total] = await Promise.all([
    added.orderBy("ls.created_at", "desc").orderBy("t.id", "desc").limit(q.count).offset((q.page - 1) * q.count).execute(),
    scope.shared.selectFrom(added.as("u")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(wire), total: Number(total.n) };
}

async function liveCount(tx: OrgScope, liveId: number): Promise<number> {
  const row = await tx.selectFrom("live_students").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", liveId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Why the student cannot take a seat in the live, or null: the live is full, or the student is new
 * to a full course (a course's seats bound each of its lives too; resources/courses/course.ts courseSeats).
 * A `studentId` of null is a student not made yet, new to both.
 */
async function seatProblem(tx: OrgScope, live: { id: number; course_id: number }, seats: number | null, studentId: number | null): Promise<string | null> {
  if (seats === null) return null;
  if ((await liveCount(tx, live.id)) >= seats) return liveFullMessage(seats);
  const inCourse = studentId !== null && (await isEnrolled(tx, live.course_id, studentId));
  if (!inCourse && (await enrolledCount(tx, live.course_id)) >= seats) return courseFullMessage(seats);
  return null;
}

/**
 * Puts a student of the organisation into an active live, and into its course when not there yet,
 * with the course locked so the seats are counted and taken in one go.
 */
async function enrol(scope: OrgScope, liveId: number, studentId: number) {
  await scope.transaction(async (tx) => {
    const live = await needActiveLive(tx, liveId);
    const { seats } = await courseSeatsOf(tx, live.course_id, true);
    const already = await tx.selectFrom("live_students").select("live_id").where("live_id", "=", live.id).where("identity_id", "=", studentId).executeTakeFirst();
    if (already) throw refuse("该学生已在本直播中");
    const problem = await seatProblem(tx, live, seats, studentId);
    if (problem) throw refuse(problem);
    const now = Date.now();
    const added = await tx
      .insertInto("live_students", { live_id: live.id, identity_id: studentId, created_at: now })
      .onConflict((oc) => oc.columns(["live_id", "identity_id"]).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) throw refuse("该学生已在本直播中");
    await tx.shared
      .insertInto("course_students")
      .values({ course_id: live.course_id, identity_id: studentId, created_at: now })
      .onConflict((oc) => oc.columns(["course_id", "identity_id"]).doNothing())
      .execute();
  });
}

/** Adds one of the organisation's students (userid) to a live. */
export async function addLiveStudent(scope: OrgScope, liveId: number, userId: number) {
  const student = await scope.selectFrom("identities").select("id").where("id", "=", userId).where("role", "=", "student").executeTakeFirst();
  if (!student) throw fail.notFound();
  await enrol(scope, liveId, student.id);
}

/** Takes a student out of a live (the course enrolment stays). */
export async function removeLiveStudent(scope: OrgScope, liveId: number, userId: number) {
  await needLive(scope, liveId);
  const removed = await scope.deleteFrom("live_students").where("live_id", "=", liveId).where("identity_id", "=", userId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw refuse("该学生不在本直播中");
}

export interface MobileRow {
  liveId: number;
  courseId: number;
  mobile: string;
  name?: string;
}

const studentByMobile = (scope: OrgScope, mobile: string) =>
  scope
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["i.id", "i.name", "p.mobile"])
    .where("p.mobile", "=", mobile)
    .where("i.role", "=", "student")
    .executeTakeFirst();

/**
 * A password nobody knows, with the letters and digits password.def asks for: a student made by
 * an import signs in by SMS code or sets a password through 找回密码.
 */
const unknownPassword = () => `${randomBytes(12).toString("base64url")}a1`;

/**
 * One row of a live's xlsx import (2 §5, §7): the organisation's student with this mobile, else a
 * new student made as the student list makes one (services/users.ts: an existing person keeps its
 * password; a new one gets a password nobody knows), named by the row or by the mobile, when
 * `mayAddStudents` (the caller holds the student list); then into the course and the live. A live
 * of another course than `courseId` is 记录不存在. The answer's `Created` says whether this row made
 * the student (another row or request that made it meanwhile did, not this one).
 */
export async function addLiveStudentByMobile(scope: OrgScope, row: MobileRow, create: { mayAddStudents: boolean; passwordMemoryKiB: number }) {
  const live = await needActiveLive(scope, row.liveId);
  if (live.course_id !== row.courseId) throw fail.notFound();
  let student = await studentByMobile(scope, row.mobile);
  // A typo in a mobile makes a new person: the row says so (新建学员), not just 已添加 (issue 16).
  let created = false;
  if (!student) {
    if (!create.mayAddStudents) throw refuse("该手机号不是本机构的学生");
    // A full course or live takes nobody new: say so before making a student it would not take
    // (enrol judges again, locked).
    const full = await seatProblem(scope, live, (await courseSeatsOf(scope, live.course_id)).seats, null);
    if (full) throw refuse(full);
    const name = row.name?.trim() || row.mobile;
    const defaults = defaultPermissions.student;
    try {
      await addIdentity(
        { org: scope, role: "student", resource: "student" },
        { name, mobile: row.mobile, passwd: unknownPassword(), nick: name, userop: defaults.userop, useropex: defaults.useropex },
        create.passwordMemoryKiB,
      );
      created = true;
    } catch (err) {
      // Another row or request added the same student meanwhile: that one is the student.
      if (!(err instanceof ApiError) || err.message !== "该手机号已存在") throw err;
    }
    student = await studentByMobile(scope, row.mobile);
    if (!student) throw fail.notFound();
  }
  await enrol(scope, live.id, student.id);
  return { ...wire(student), Created: created };
}
