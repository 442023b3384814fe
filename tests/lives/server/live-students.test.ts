import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveApi } from "../../../resources/lives/live-api";
import { caller, studentsOf, everyPage } from "../../courses/server/courses-helpers";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { grantSubadmin, orgIdOf } from "./lives-helpers";

let s: TestServer;
let api: ReturnType<typeof caller>;
let admin: string;
let orgId: number;
/** An active live of a course, and the organisation's students. */
let live: { id: number; course_id: number };
let students: { id: number; name: string; mobile: string }[];

interface Picked {
  Id: number;
  Name: string;
  Mobile: string;
}

beforeAll(async () => {
  s = await startTestServer();
  api = caller(s.app);
  admin = await signIn(s.app, "13800000000", "admin");
  orgId = await orgIdOf(s, "示例学校");
  // A live of a course nobody is enrolled in yet, so both lists start from a known state.
  const course = await s.db.kysely
    .insertInto("courses")
    .values({ org_id: orgId, title: "直播选课测试", type: 1, max_user_num: 25, expire: Date.now() + 86_400_000, headimg: "", detail: "", status: 1, create_user: "", created_at: 1, updated_at: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  live = await s.db.kysely
    .insertInto("lives")
    .values({ org_id: orgId, course_id: course.id, title: "选学员的直播", begin_time: Date.now(), end_time: Date.now() + 3_600_000, status: 0, scale: 1, voided: 0, detail: "", master_id: 0, created_at: 1, updated_at: 1 })
    .returning(["id", "course_id"])
    .executeTakeFirstOrThrow();
  students = await studentsOf(s.db, orgId);
});
afterAll(() => s.close());

const added = (params: Record<string, unknown> = {}) =>
  everyPage<Picked>((page) => api(admin, params.key ? liveApi.studentsSearch : liveApi.students, { liveid: live.id, count: 5, ...params, page }));
const unadded = (params: Record<string, unknown> = {}) =>
  everyPage<Picked>((page) => api(admin, params.key ? liveApi.unaddedStudentsSearch : liveApi.unaddedStudents, { liveid: live.id, count: 5, ...params, page }));
const rowOf = (st: (typeof students)[number]): Picked => ({ Id: st.id, Name: st.name, Mobile: st.mobile });
const inCourse = async (identityId: number) =>
  !!(await s.db.kysely.selectFrom("course_students").select("identity_id").where("course_id", "=", live.course_id).where("identity_id", "=", identityId).executeTakeFirst());

describe("the two panes of 添加学员 (2 §2, §7 students of a live)", () => {
  it("starts with every student not added and none added; the not-added call also takes the live as `id`", async () => {
    expect(await added()).toEqual([]);
    const rows = await unadded();
    expect(rows.map((r) => r.Id).sort((a, b) => a - b)).toEqual(students.map((st) => st.id));
    expect((await everyPage<Picked>((page) => api(admin, liveApi.unaddedStudents, { id: live.id, count: 5, page }))).length).toBe(students.length);
  });

  it("adds students (enrolling them in the course), pages by five, newest first, and removes them", async () => {
    const chosen = students.slice(0, 7);
    expect(await inCourse(chosen[0].id)).toBe(false);
    for (const st of chosen) expect(await api(admin, liveApi.addStudent, { userid: st.id, liveid: live.id })).toMatchObject({ code: 0, msg: "添加成功" });
    expect(await inCourse(chosen[0].id)).toBe(true);
    const page1 = await api(admin, liveApi.students, { liveid: live.id, page: 1, count: 5 });
    expect([page1.count, (page1.data as Picked[]).length]).toEqual([7, 5]);
    expect(await added()).toEqual(chosen.map(rowOf).reverse());
    expect((await unadded()).some((r) => chosen.some((c) => c.id === r.Id))).toBe(false);
    expect(await api(admin, liveApi.addStudent, { userid: chosen[0].id, liveid: live.id })).toMatchObject({ code: 1, msg: "该学生已在本直播中" });
    expect(await api(admin, liveApi.removeStudent, { userid: chosen[0].id, liveid: live.id })).toMatchObject({ code: 0, msg: "删除成功" });
    expect(await api(admin, liveApi.removeStudent, { userid: chosen[0].id, liveid: live.id })).toMatchObject({ code: 1, msg: "该学生不在本直播中" });
    // Leaving the live keeps the course enrolment.
    expect(await inCourse(chosen[0].id)).toBe(true);
  });

  it("searches each pane by a name fragment or digits of the mobile", async () => {
    const inLive = students[2];
    const outside = students[students.length - 1];
    expect(await added({ key: inLive.mobile.slice(-5) })).toEqual([rowOf(inLive)]);
    expect(await added({ key: outside.mobile })).toEqual([]);
    expect(await unadded({ key: outside.mobile })).toEqual([rowOf(outside)]);
    expect(await unadded({ key: inLive.mobile })).toEqual([]);
  });

  it("refuses another organisation's live and student, an unknown one, and bad input", async () => {
    const second = await signIn(s.app, "13900000000", "admin");
    expect(await api(second, liveApi.students, { liveid: live.id })).toMatchObject({ code: 404, msg: "记录不存在" });
    expect(await api(second, liveApi.addStudent, { userid: students[0].id, liveid: live.id })).toMatchObject({ code: 404 });
    const [theirs] = await s.db.kysely.selectFrom("lives").select("id").where("org_id", "<>", orgId).execute();
    expect(await api(admin, liveApi.addStudent, { userid: students[0].id, liveid: theirs.id })).toMatchObject({ code: 404, msg: "记录不存在" });
    expect(await api(admin, liveApi.students, {})).toMatchObject({ code: 400, msg: "直播编号不正确" });
    expect(await api(admin, liveApi.addStudent, { userid: "x", liveid: live.id })).toMatchObject({ code: 400, msg: "学生编号不正确" });
  });
});

describe("批量导入, one row at a time (2 §5, §7 add by mobile)", () => {
  const row = (mobile: string, extra: Record<string, unknown> = {}, cookie = admin) =>
    api(cookie, liveApi.addStudentByMobile, { liveid: live.id, courseid: live.course_id, mobile, ...extra });

  it("adds the organisation's student with that mobile, once", async () => {
    const st = students[10];
    expect(await row(st.mobile)).toMatchObject({ code: 0, msg: "添加成功", data: rowOf(st) });
    expect(await row(st.mobile)).toMatchObject({ code: 1, msg: "该学生已在本直播中" });
    expect(await inCourse(st.id)).toBe(true);
  });

  it("makes a student of a mobile the organisation does not know, named by the row or by the mobile", async () => {
    const named = await row("13912340001", { name: " 新同学 " });
    expect(named).toMatchObject({ code: 0, data: { Name: "新同学", Mobile: "13912340001" } });
    expect(await row("13912340002")).toMatchObject({ code: 0, data: { Name: "13912340002" } });
    const made = await s.db.kysely
      .selectFrom("identities as i")
      .innerJoin("persons as p", "p.id", "i.person_id")
      .select(["i.id", "i.role", "p.password_hash"])
      .where("p.mobile", "=", "13912340001")
      .where("i.org_id", "=", orgId)
      .executeTakeFirstOrThrow();
    expect(made.role).toBe("student");
    expect(made.password_hash).not.toBe("");
    expect((await added()).some((r) => r.Id === made.id)).toBe(true);
    const logged = await s.db.kysely.selectFrom("audit_log").select("action").where("resource", "=", "student").where("record_id", "=", made.id).execute();
    expect(logged).toEqual([{ action: "create" }]);
  });

  it("says whether the row made the student (Created, 新建学员 on the row) or found one the organisation had", async () => {
    expect(await row(students[13].mobile)).toMatchObject({ code: 0, data: { ...rowOf(students[13]), Created: false } });
    expect(await row("13912340010", { name: "新来的" })).toMatchObject({ code: 0, data: { Name: "新来的", Mobile: "13912340010", Created: true } });
  });

  it("lets parallel rows of one new mobile make one student", async () => {
    const answers = await Promise.all(Array.from({ length: 4 }, () => row("13912340003")));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).map((a) => a.msg)).toEqual(["该学生已在本直播中", "该学生已在本直播中", "该学生已在本直播中"]);
    const people = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13912340003").execute();
    expect(people).toHaveLength(1);
  });

  it("makes no student for a sub-admin who may not add students, and says why as the course import does", async () => {
    const sub = await signIn(s.app, "13800000004", "admin");
    await grantSubadmin(s, ["liveop"]);
    expect(await row("13912340009", {}, sub)).toMatchObject({ code: 1, msg: "该手机号不是本机构的学生" });
    expect(await row(students[11].mobile, {}, sub)).toMatchObject({ code: 0 });
    await grantSubadmin(s, ["courseop", "studentop"]);
    expect(await row("13912340009", {}, sub)).toMatchObject({ code: 0 });
  });

  it("gives the import table's messages for a bad row, and refuses a live of another course", async () => {
    expect(await row("")).toMatchObject({ code: 400, msg: "手机号不能为空" });
    expect(await row("1391234")).toMatchObject({ code: 400, msg: "手机号格式不对" });
    expect(await row("13912340004", { name: "长".repeat(31) })).toMatchObject({ code: 400, msg: "用户名不能超过30字" });
    expect(await row(students[12].mobile, { courseid: live.course_id + 1 })).toMatchObject({ code: 404, msg: "记录不存在" });
  });
});

describe("a voided live (2 §4)", () => {
  it("takes no more students", async () => {
    await s.db.kysely.updateTable("lives").set({ voided: 1 }).where("id", "=", live.id).execute();
    expect(await api(admin, liveApi.addStudent, { userid: students[15].id, liveid: live.id })).toMatchObject({ code: 1, msg: "该直播已作废" });
    expect(await api(admin, liveApi.addStudentByMobile, { liveid: live.id, courseid: live.course_id, mobile: students[15].mobile })).toMatchObject({ code: 1, msg: "该直播已作废" });
  });
});
