import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { course } from "../../../resources";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { caller, studentsOf, daysFromNow, everyPage, type CourseRow } from "./courses-helpers";

let s: TestServer;
let admin: string;
let api: ReturnType<typeof caller>;
let orgId: number;
let courseId: number;
/** The organisation's students, as the database holds them. */
let students: { id: number; name: string; mobile: string }[];
const x = course.extra;

beforeAll(async () => {
  s = await startTestServer();
  api = caller(s.app);
  admin = await signIn(s.app, "13800000000", "admin");
  orgId = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow()).id;
  students = await studentsOf(s.db, orgId);
  const made = await api(admin, course.api.create, { type: 1, title: "选课测试", expire: daysFromNow(30) });
  courseId = (made.data as CourseRow).Id;
});
afterAll(() => s.close());

interface Picked {
  Id: number;
  Name: string;
  Mobile: string;
}
const added = (params: Record<string, unknown> = {}) =>
  everyPage<Picked>((page) => api(admin, params.key ? x.studentsSearch : x.students, { courseid: courseId, count: 5, ...params, page }));
const unadded = (params: Record<string, unknown> = {}) =>
  everyPage<Picked>((page) => api(admin, params.key ? x.unaddedStudentsSearch : x.unaddedStudents, { id: courseId, count: 5, ...params, page }));
const rowOf = (st: (typeof students)[number]): Picked => ({ Id: st.id, Name: st.name, Mobile: st.mobile });

describe("the two panes of student management (1 §2.5)", () => {
  it("starts with every student not added and none added", async () => {
    expect(await added()).toEqual([]);
    const rows = await unadded();
    expect(rows.map((r) => r.Id).sort((a, b) => a - b)).toEqual(students.map((st) => st.id));
    expect(rows).toContainEqual(rowOf(students[0]));
  });

  it("adds and removes students, pages by five, newest first", async () => {
    const chosen = students.slice(0, 7);
    for (const st of chosen) expect(await api(admin, x.addStudent, { userid: st.id, courseid: courseId })).toMatchObject({ code: 0, msg: "添加成功" });
    const page1 = await api(admin, x.students, { courseid: courseId, page: 1, count: 5 });
    const page2 = await api(admin, x.students, { courseid: courseId, page: 2, count: 5 });
    expect([page1.count, page2.count]).toEqual([7, 7]);
    expect((page1.data as Picked[]).length).toBe(5);
    expect((page2.data as Picked[]).length).toBe(2);
    expect([...(page1.data as Picked[]), ...(page2.data as Picked[])]).toEqual(chosen.map(rowOf).reverse());
    const rest = await unadded();
    expect(rest.length).toBe(students.length - 7);
    expect(rest.some((r) => chosen.some((c) => c.id === r.Id))).toBe(false);

    expect(await api(admin, x.addStudent, { userid: chosen[0].id, courseid: courseId })).toMatchObject({ code: 1, msg: "该学生已在本课程中" });
    expect(await api(admin, x.removeStudent, { userid: chosen[0].id, courseid: courseId })).toMatchObject({ code: 0, msg: "删除成功" });
    expect(await api(admin, x.removeStudent, { userid: chosen[0].id, courseid: courseId })).toMatchObject({ code: 1, msg: "该学生不在本课程中" });
    expect((await added()).map((r) => r.Id)).toEqual(chosen.slice(1).map((c) => c.id).reverse());
    const inDb = await s.db.kysely.selectFrom("course_students").select("identity_id").where("course_id", "=", courseId).execute();
    expect(inDb.map((r) => r.identity_id).sort((a, b) => a - b)).toEqual(chosen.slice(1).map((c) => c.id));
  });

  it("searches each pane by a name fragment or 3+ digits of the mobile", async () => {
    const inCourse = students[2];
    const outside = students[students.length - 1];
    expect(await added({ key: inCourse.name })).toContainEqual(rowOf(inCourse));
    expect(await added({ key: inCourse.mobile.slice(-5) })).toEqual([rowOf(inCourse)]);
    expect(await added({ key: outside.mobile })).toEqual([]);
    expect(await unadded({ key: outside.mobile })).toEqual([rowOf(outside)]);
    expect(await unadded({ key: inCourse.mobile })).toEqual([]);
    const fragment = outside.name.slice(0, 1);
    const found = await unadded({ key: fragment });
    const enrolled = new Set((await added()).map((r) => r.Id));
    expect(found.map((r) => r.Id).sort((a, b) => a - b)).toEqual(students.filter((st) => st.name.includes(fragment) && !enrolled.has(st.id)).map((st) => st.id));
  });

  it("agrees with the enrolments the seed stored", async () => {
    const seeded = await s.db.kysely.selectFrom("courses").select("id").where("org_id", "=", orgId).where("title", "=", "高一数学·函数专题").executeTakeFirstOrThrow();
    const inDb = await s.db.kysely.selectFrom("course_students").select("identity_id").where("course_id", "=", seeded.id).execute();
    const rows = await everyPage<Picked>((page) => api(admin, x.students, { courseid: seeded.id, page, count: 5 }));
    expect(rows.map((r) => r.Id).sort((a, b) => a - b)).toEqual(inDb.map((r) => r.identity_id).sort((a, b) => a - b));
    expect(rows.map((r) => r.Mobile)).toContain("13800000003");
  });
});

describe("adding by mobile (one row of the xlsx import)", () => {
  it("adds the organisation's student and answers the row", async () => {
    const st = students.find((x) => x.mobile === "13800000003")!;
    expect(await api(admin, x.addStudentByMobile, { mobile: st.mobile, courseid: courseId })).toMatchObject({ code: 0, msg: "添加成功", data: rowOf(st) });
    expect(await api(admin, x.addStudentByMobile, { mobile: st.mobile, courseid: courseId })).toMatchObject({ code: 1, msg: "该学生已在本课程中" });
  });

  it("refuses a mobile that is not one of the organisation's students", async () => {
    const secondStudent = await s.db.kysely
      .selectFrom("identities as i").innerJoin("persons as p", "p.id", "i.person_id").select("p.mobile")
      .where("i.org_id", "!=", orgId).where("i.role", "=", "student").executeTakeFirstOrThrow();
    for (const mobile of ["13999990000", "13800000001", "13800000000", secondStudent.mobile])
      expect(await api(admin, x.addStudentByMobile, { mobile, courseid: courseId }), mobile).toMatchObject({ code: 1, msg: "该手机号不是本机构的学生" });
  });

  it("gives the import table's messages for an empty or malformed mobile", async () => {
    expect((await api(admin, x.addStudentByMobile, { courseid: courseId })).msg).toBe("手机号不能为空");
    expect((await api(admin, x.addStudentByMobile, { mobile: "", courseid: courseId })).msg).toBe("手机号不能为空");
    expect((await api(admin, x.addStudentByMobile, { mobile: "1380000000", courseid: courseId })).msg).toBe("手机号格式不对");
    expect((await api(admin, x.addStudentByMobile, { mobile: "13800000003" })).msg).toBe("课程编号不正确");
  });
});

describe("tenancy", () => {
  it("answers 记录不存在 for another organisation's course or student, and for a teacher", async () => {
    const theirCourse = await s.db.kysely.selectFrom("courses").select("id").where("org_id", "!=", orgId).executeTakeFirstOrThrow();
    const theirStudent = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "!=", orgId).where("role", "=", "student").executeTakeFirstOrThrow();
    const ourTeacher = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", orgId).where("role", "=", "teacher").executeTakeFirstOrThrow();
    const notFound = { code: 404, msg: "记录不存在" };
    expect(await api(admin, x.unaddedStudents, { id: theirCourse.id })).toMatchObject(notFound);
    expect(await api(admin, x.studentsSearch, { courseid: theirCourse.id, key: "1" })).toMatchObject(notFound);
    expect(await api(admin, x.addStudent, { userid: students[0].id, courseid: theirCourse.id })).toMatchObject(notFound);
    expect(await api(admin, x.addStudent, { userid: theirStudent.id, courseid: courseId })).toMatchObject(notFound);
    expect(await api(admin, x.addStudent, { userid: ourTeacher.id, courseid: courseId })).toMatchObject(notFound);
    expect(await api(admin, x.removeStudent, { userid: students[1].id, courseid: theirCourse.id })).toMatchObject(notFound);
    const theirs = await s.db.kysely.selectFrom("course_students").select("identity_id").where("course_id", "=", theirCourse.id).execute();
    expect(theirs.some((r) => r.identity_id === students[0].id)).toBe(false);
  });
});
