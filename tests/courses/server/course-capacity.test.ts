import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { course } from "../../../resources";
import { courseFullMessage, liveFullMessage } from "../../../resources/courses/course";
import { liveApi } from "../../../resources/lives/live-api";
import { caller, studentsOf, daysFromNow } from "./courses-helpers";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { orgIdOf } from "../../lives/server/lives-helpers";

/**
 * A course's maximum bounds its enrolment where the type makes it a class size (小班课, 融合课: 1对1
 * or 1对6; issue 16, 3.2): by hand, by mobile and by sheet, for the course and for its lives, and
 * atomically, so parallel adds at 5 of 6 make 6. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */

let s: TestServer;
let api: ReturnType<typeof caller>;
let admin: string;
let orgId: number;
let students: { id: number; name: string; mobile: string }[];
const x = course.extra;

beforeAll(async () => {
  s = await startTestServer();
  api = caller(s.app);
  admin = await signIn(s.app, "13800000000", "admin");
  orgId = await orgIdOf(s, "示例学校");
  students = await studentsOf(s.db, orgId);
});
afterAll(() => s.close());

/** A new course of `type` with `max` users and the first `enrolled` students, and one live of it. */
async function courseWith(type: number, max: number, enrolled: number) {
  const made = await api(admin, course.api.create, { type, title: `容量${type}-${max}-${Math.random()}`.slice(0, 30), maxusernum: max, expire: daysFromNow(30) });
  expect(made.code, made.msg).toBe(0);
  const id = (made.data as { Id: number }).Id;
  for (const st of students.slice(0, enrolled)) expect((await api(admin, x.addStudent, { userid: st.id, courseid: id })).code).toBe(0);
  const live = await s.db.kysely
    .insertInto("lives")
    .values({ org_id: orgId, course_id: id, title: "容量测试直播", begin_time: Date.now(), end_time: Date.now() + 3_600_000, status: 0, scale: type, voided: 0, detail: "", master_id: 0, created_at: 1, updated_at: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, liveId: live.id };
}

const enrolledIn = async (courseId: number) =>
  Number((await s.db.kysely.selectFrom("course_students").select((eb) => eb.fn.countAll<number>().as("n")).where("course_id", "=", courseId).executeTakeFirstOrThrow()).n);
const inLive = async (liveId: number) =>
  Number((await s.db.kysely.selectFrom("live_students").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", liveId).executeTakeFirstOrThrow()).n);

describe("a small class's maximum", () => {
  it("refuses a seventh student of 少儿美术小班 (小班课, 6 of 6), by hand and by mobile", async () => {
    const art = await s.db.kysely.selectFrom("courses").select("id").where("org_id", "=", orgId).where("title", "=", "少儿美术小班").executeTakeFirstOrThrow();
    expect(await enrolledIn(art.id)).toBe(6);
    const outside = (await api(admin, x.unaddedStudents, { id: art.id, page: 1, count: 5 })).data as { Id: number; Mobile: string }[];
    expect(await api(admin, x.addStudent, { userid: outside[0].Id, courseid: art.id })).toMatchObject({ code: 1, msg: courseFullMessage(6) });
    expect(await api(admin, x.addStudentByMobile, { mobile: outside[1].Mobile, courseid: art.id })).toMatchObject({ code: 1, msg: courseFullMessage(6) });
    expect(courseFullMessage(6)).toBe("课程人数已满（最多6人）");
    // One already in says so, full or not.
    const inside = (await api(admin, x.students, { courseid: art.id, page: 1, count: 5 })).data as { Id: number }[];
    expect(await api(admin, x.addStudent, { userid: inside[0].Id, courseid: art.id })).toMatchObject({ code: 1, msg: "该学生已在本课程中" });
    expect(await enrolledIn(art.id)).toBe(6);
  });

  it("gives the last seat (5 of 6) to one of several parallel adds, by hand, by mobile and through a live", async () => {
    const byHand = await courseWith(0, 6, 5);
    const hands = await Promise.all(students.slice(5, 10).map((st) => api(admin, x.addStudent, { userid: st.id, courseid: byHand.id })));
    expect(hands.filter((a) => a.code === 0)).toHaveLength(1);
    expect(hands.filter((a) => a.code !== 0).map((a) => a.msg)).toEqual(Array(4).fill(courseFullMessage(6)));
    expect(await enrolledIn(byHand.id)).toBe(6);

    const bySheet = await courseWith(7, 6, 5);
    const rows = await Promise.all(students.slice(5, 10).map((st) => api(admin, x.addStudentByMobile, { mobile: st.mobile, courseid: bySheet.id })));
    expect(rows.filter((a) => a.code === 0)).toHaveLength(1);
    expect(await enrolledIn(bySheet.id)).toBe(6);

    const throughLive = await courseWith(0, 6, 5);
    const lives = await Promise.all(students.slice(5, 10).map((st) => api(admin, liveApi.addStudent, { userid: st.id, liveid: throughLive.liveId })));
    expect(lives.filter((a) => a.code === 0)).toHaveLength(1);
    expect(lives.filter((a) => a.code !== 0).map((a) => a.msg)).toEqual(Array(4).fill(courseFullMessage(6)));
    expect([await enrolledIn(throughLive.id), await inLive(throughLive.liveId)]).toEqual([6, 1]);
  });

  it("bounds a live's students by its course's maximum, and a full course takes no new student through its live", async () => {
    const small = await courseWith(0, 6, 6);
    for (const st of students.slice(0, 6)) expect((await api(admin, liveApi.addStudent, { userid: st.id, liveid: small.liveId })).code).toBe(0);
    // The live holds six: a seventh is refused, whether the course has room or not.
    expect(await api(admin, liveApi.addStudent, { userid: students[6].id, liveid: small.liveId })).toMatchObject({ code: 1, msg: liveFullMessage(6) });

    // A course emptied of a student while its live keeps all six: the live is full still.
    await api(admin, x.removeStudent, { userid: students[0].id, courseid: small.id });
    expect(await api(admin, liveApi.addStudent, { userid: students[7].id, liveid: small.liveId })).toMatchObject({ code: 1, msg: liveFullMessage(6) });

    const full = await courseWith(0, 6, 6);
    expect(await api(admin, liveApi.addStudent, { userid: students[0].id, liveid: full.liveId })).toMatchObject({ code: 0 });
    expect(await api(admin, liveApi.addStudent, { userid: students[8].id, liveid: full.liveId })).toMatchObject({ code: 1, msg: courseFullMessage(6) });
    expect(await enrolledIn(full.id)).toBe(6);
  });

  it("refuses a live's sheet row of a mobile nobody has when the course is full, making no student", async () => {
    const full = await courseWith(0, 6, 6);
    const answer = await api(admin, liveApi.addStudentByMobile, { liveid: full.liveId, courseid: full.id, mobile: "13912349999", name: "满员" });
    expect(answer).toMatchObject({ code: 1, msg: courseFullMessage(6) });
    expect(await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13912349999").executeTakeFirst()).toBeUndefined();
  });

  it("keeps the maximum from going below the students enrolled", async () => {
    const six = await courseWith(0, 6, 2);
    const change = (maxusernum: number) => api(admin, course.api.update, { id: six.id, title: "容量", maxusernum, expire: daysFromNow(30) });
    expect(await change(1)).toMatchObject({ code: 400, msg: "已有2名学员，最大人数不能少于2人", data: { field: "maxusernum" } });
    await api(admin, x.removeStudent, { userid: students[1].id, courseid: six.id });
    expect(await change(1)).toMatchObject({ code: 0 });
    expect(await api(admin, x.addStudent, { userid: students[1].id, courseid: six.id })).toMatchObject({ code: 1, msg: courseFullMessage(1) });
  });

  it("leaves a course whose maximum is no class size unbounded (大班课 of 25)", async () => {
    const big = await courseWith(1, 1, 3);
    expect(await enrolledIn(big.id)).toBe(3);
  });
});
