import { courseFullMessage, courseSeats } from "../../resources/courses/course";
import type { OrgScope } from "../engine/org-scope";
import { ApiError, fail } from "../plugins/envelope";
import { matching } from "./user-list";

/** A student as the course's pickers show one (1 §3 "Student row in pickers"). */
export interface PickerRow {
  Id: number;
  Name: string;
  Mobile: string;
}

/** A page of a picker's students, of a course or (server/services/lives/students.ts) of a live. */
export interface PickerPage {
  page: number;
  count: number;
  /** A name fragment or three or more digits of the mobile, as in the student list. */
  key?: string;
}

export type PickerQuery = PickerPage & { courseId: number };

export const refuse = (msg: string) => new ApiError(1, msg);
export const wire = (r: { id: number; name: string; mobile: string }): PickerRow => ({ Id: r.id, Name: r.name, Mobile: r.mobile });

/**
 * The course, inside the caller's organisation; another organisation's is 记录不存在. Enrolments
 * (course_students) carry no org_id: they are the organisation's through their course, so every
 * read or write of them below names a course this has found through the scope first.
 */
async function needCourse(scope: OrgScope, courseId: number) {
  const course = await scope.selectFrom("courses").select("id").where("id", "=", courseId).executeTakeFirst();
  if (!course) throw fail.notFound();
}

/**
 * The organisation's students not in the course, in the student list's order (newest change
 * first). A key narrows through the same name and mobile index as the student search.
 */
export async function unaddedStudents(scope: OrgScope, q: PickerQuery) {
  await needCourse(scope, q.courseId);
  const key = q.key?.trim() ?? "";
  // A derived table of the scoped search: its rows are the organisation's already.
  const students = key
    ? scope.shared.selectFrom(matching({ scope, role: "student" }, key).as("t")).select(["t.id", "t.name", "t.mobile", "t.updated_at"])
    : scope
        .selectFrom("identities as t")
        .innerJoin("persons as p", "p.id", "t.person_id")
        .select(["t.id", "t.name", "p.mobile", "t.updated_at"])
        .where("t.role", "=", "student");
  const notIn = students.where((eb) =>
    eb.not(eb.exists(eb.selectFrom("course_students as cs").select("cs.course_id").where("cs.course_id", "=", q.courseId).whereRef("cs.identity_id", "=", "t.id"))),
  );
  const [rows, total] = await Promise.all([
    notIn.orderBy("t.updated_at", "desc").orderBy("t.id", "desc").limit(q.count).offset((q.page - 1) * q.count).execute(),
    scope.shared.selectFrom(notIn.as("u")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(wire), total: Number(total.n) };
}

/** The course's students, most recently added first. */
export async function addedStudents(scope: OrgScope, q: PickerQuery) {
  await needCourse(scope, q.courseId);
  const key = q.key?.trim() ?? "";
  const students = key
    ? scope.shared.selectFrom(matching({ scope, role: "student" }, key).as("t")).select(["t.id", "t.name", "t.mobile"])
    : scope
        .selectFrom("identities as t")
        .innerJoin("persons as p", "p.id", "t.person_id")
        .select(["t.id", "t.name", "p.mobile"])
        .where("t.role", "=", "student");
  const enrolled = students
    .innerJoin("course_students as cs", (join) => join.onRef("cs.identity_id", "=", "t.id").on("cs.course_id", "=", q.courseId))
    .select("cs.created_at");
  const [rows, total] = await Promise.all([
    enrolled.orderBy("cs.created_at", "desc").orderBy("t.id", "desc").limit(q.count).offset((q.page - 1) * q.count).execute(),
    scope.shared.selectFrom(enrolled.as("u")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(wire), total: Number(total.n) };
}

/**
 * The course with its seats (resources/courses/course.ts courseSeats: null for no bound). With `lock`,
 * inside a write's transaction, it is also locked until that ends on PostgreSQL (SQLite has one
 * writer, whose transactions already run one at a time), so the enrolments and changes of one
 * course are judged one after another.
 */
export async function courseSeatsOf(scope: OrgScope, courseId: number, lock = false) {
  let query = scope.selectFrom("courses").select(["id", "type", "max_user_num"]).where("id", "=", courseId);
  if (lock && scope.dialect === "postgres") query = query.forUpdate();
  const course = await query.executeTakeFirst();
  if (!course) throw fail.notFound();
  return { id: course.id, seats: courseSeats(course.type, course.max_user_num) };
}

/** How many students the course has; a course found through the scope only. */
export async function enrolledCount(tx: OrgScope, courseId: number): Promise<number> {
  const row = await tx.shared.selectFrom("course_students").select((eb) => eb.fn.countAll<number>().as("n")).where("course_id", "=", courseId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isEnrolled(tx: OrgScope, courseId: number, identityId: number): Promise<boolean> {
  return !!(await tx.shared.selectFrom("course_students").select("course_id").where("course_id", "=", courseId).where("identity_id", "=", identityId).executeTakeFirst());
}

/** Puts a student in the course, or says why not: already there, or no seat left (the count and the insert in one locked transaction). */
async function enrol(scope: OrgScope, courseId: number, identityId: number) {
  await scope.transaction(async (tx) => {
    const { seats } = await courseSeatsOf(tx, courseId, true);
    if (await isEnrolled(tx, courseId, identityId)) throw refuse("该学生已在本课程中");
    if (seats !== null && (await enrolledCount(tx, courseId)) >= seats) throw refuse(courseFullMessage(seats));
    const added = await tx.shared
      .insertInto("course_students")
      .values({ course_id: courseId, identity_id: identityId, created_at: Date.now() })
      .onConflict((oc) => oc.columns(["course_id", "identity_id"]).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) throw refuse("该学生已在本课程中");
  });
}

/** Adds one of the organisation's students to the course. */
export async function addStudent(scope: OrgScope, courseId: number, userId: number) {
  await needCourse(scope, courseId);
  const student = await scope.selectFrom("identities").select("id").where("id", "=", userId).where("role", "=", "student").executeTakeFirst();
  if (!student) throw fail.notFound();
  await enrol(scope, courseId, student.id);
}

/** Adds the organisation's student with this mobile: one row of the course's xlsx import. */
export async function addStudentByMobile(scope: OrgScope, courseId: number, mobile: string) {
  await needCourse(scope, courseId);
  const student = await scope
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["i.id", "i.name", "p.mobile"])
    .where("p.mobile", "=", mobile)
    .where("i.role", "=", "student")
    .executeTakeFirst();
  if (!student) throw refuse("该手机号不是本机构的学生");
  await enrol(scope, courseId, student.id);
  return wire(student);
}

export async function removeStudent(scope: OrgScope, courseId: number, userId: number) {
  await needCourse(scope, courseId);
  const removed = await scope.shared.deleteFrom("course_students").where("course_id", "=", courseId).where("identity_id", "=", userId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw refuse("该学生不在本课程中");
}
