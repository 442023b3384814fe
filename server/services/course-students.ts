import type { Db } from "../db/database";
import { ApiError, fail } from "../plugins/envelope";
import { matching } from "./user-list";

/** A student as the course's pickers show one (1 §3 "Student row in pickers"). */
export interface PickerRow {
  Id: number;
  Name: string;
  Mobile: string;
}

export interface PickerQuery {
  orgId: number;
  courseId: number;
  page: number;
  count: number;
  /** A name fragment or three or more digits of the mobile, as in the student list. */
  key?: string;
}

const refuse = (msg: string) => new ApiError(1, msg);
const wire = (r: { id: number; name: string; mobile: string }): PickerRow => ({ Id: r.id, Name: r.name, Mobile: r.mobile });

/** The course, inside the caller's organisation; another organisation's is 记录不存在. */
async function needCourse(db: Db, orgId: number, courseId: number) {
  const course = await db.kysely.selectFrom("courses").select("id").where("id", "=", courseId).where("org_id", "=", orgId).executeTakeFirst();
  if (!course) throw fail.notFound();
}

/**
 * The organisation's students not in the course, in the student list's order (newest change
 * first). A key narrows through the same name and mobile index as the student search.
 */
export async function unaddedStudents(db: Db, q: PickerQuery) {
  await needCourse(db, q.orgId, q.courseId);
  const key = q.key?.trim() ?? "";
  const students = key
    ? db.kysely.selectFrom(matching(db, { orgId: q.orgId, role: "student" }, key).as("t")).select(["t.id", "t.name", "t.mobile", "t.updated_at"])
    : db.kysely
        .selectFrom("identities as t")
        .innerJoin("persons as p", "p.id", "t.person_id")
        .select(["t.id", "t.name", "p.mobile", "t.updated_at"])
        .where("t.org_id", "=", q.orgId)
        .where("t.role", "=", "student");
  const notIn = students.where((eb) =>
    eb.not(eb.exists(eb.selectFrom("course_students as cs").select("cs.course_id").where("cs.course_id", "=", q.courseId).whereRef("cs.identity_id", "=", "t.id"))),
  );
  const [rows, total] = await Promise.all([
    notIn.orderBy("t.updated_at", "desc").orderBy("t.id", "desc").limit(q.count).offset((q.page - 1) * q.count).execute(),
    db.kysely.selectFrom(notIn.as("u")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(wire), total: Number(total.n) };
}

/** The course's students, most recently added first. */
export async function addedStudents(db: Db, q: PickerQuery) {
  await needCourse(db, q.orgId, q.courseId);
  const key = q.key?.trim() ?? "";
  const students = key
    ? db.kysely.selectFrom(matching(db, { orgId: q.orgId, role: "student" }, key).as("t")).select(["t.id", "t.name", "t.mobile"])
    : db.kysely
        .selectFrom("identities as t")
        .innerJoin("persons as p", "p.id", "t.person_id")
        .select(["t.id", "t.name", "p.mobile"])
        .where("t.org_id", "=", q.orgId)
        .where("t.role", "=", "student");
  const enrolled = students
    .innerJoin("course_students as cs", (join) => join.onRef("cs.identity_id", "=", "t.id").on("cs.course_id", "=", q.courseId))
    .select("cs.created_at");
  const [rows, total] = await Promise.all([
    enrolled.orderBy("cs.created_at", "desc").orderBy("t.id", "desc").limit(q.count).offset((q.page - 1) * q.count).execute(),
    db.kysely.selectFrom(enrolled.as("u")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(wire), total: Number(total.n) };
}

async function enrol(db: Db, courseId: number, identityId: number) {
  const added = await db.kysely
    .insertInto("course_students")
    .values({ course_id: courseId, identity_id: identityId, created_at: Date.now() })
    .onConflict((oc) => oc.columns(["course_id", "identity_id"]).doNothing())
    .executeTakeFirst();
  if (Number(added.numInsertedOrUpdatedRows ?? 0) === 0) throw refuse("该学生已在本课程中");
}

/** Adds one of the organisation's students to the course. */
export async function addStudent(db: Db, orgId: number, courseId: number, userId: number) {
  await needCourse(db, orgId, courseId);
  const student = await db.kysely
    .selectFrom("identities")
    .select("id")
    .where("id", "=", userId)
    .where("org_id", "=", orgId)
    .where("role", "=", "student")
    .executeTakeFirst();
  if (!student) throw fail.notFound();
  await enrol(db, courseId, student.id);
}

/** Adds the organisation's student with this mobile: one row of the course's xlsx import. */
export async function addStudentByMobile(db: Db, orgId: number, courseId: number, mobile: string) {
  await needCourse(db, orgId, courseId);
  const student = await db.kysely
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["i.id", "i.name", "p.mobile"])
    .where("p.mobile", "=", mobile)
    .where("i.org_id", "=", orgId)
    .where("i.role", "=", "student")
    .executeTakeFirst();
  if (!student) throw refuse("该手机号不是本机构的学生");
  await enrol(db, courseId, student.id);
  return wire(student);
}

export async function removeStudent(db: Db, orgId: number, courseId: number, userId: number) {
  await needCourse(db, orgId, courseId);
  const removed = await db.kysely.deleteFrom("course_students").where("course_id", "=", courseId).where("identity_id", "=", userId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) throw refuse("该学生不在本课程中");
}
