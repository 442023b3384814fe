import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { course, live } from "../../../resources";
import { liveApi } from "../../../resources/lives/live-api";
import { savePermissions } from "../../../resources/kernel/menu";
import vodCourse, { recordedCourseType } from "../../../resources/vod/vod-course";
import vodSession, { vodApi } from "../../../resources/vod/vod-session";
import { caller, daysFromNow } from "../../courses/server/courses-helpers";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { orgIdOf } from "../../lives/server/lives-helpers";

/**
 * Recorded courses and sessions (3 §2.1, §7.4; issue 18 items 4 and 5) are courses of type 200 and
 * their lives, served by the course and live calls: the course rules and messages hold for them, the
 * recorded lists hold only them, and a sub-admin holding the recorded keys alone reaches nothing
 * else. Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */

let s: TestServer;
let api: ReturnType<typeof caller>;
let admin: string;
let subadmin: string;
let orgId: number;

async function grant(keys: Iterable<string>) {
  const person = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000004").executeTakeFirstOrThrow();
  await s.db.kysely.updateTable("identities").set({ userop: JSON.stringify(savePermissions(keys)) }).where("person_id", "=", person.id).where("role", "=", "subadmin").execute();
}

beforeAll(async () => {
  s = await startTestServer();
  api = caller(s.app);
  admin = await signIn(s.app, "13800000000", "admin");
  subadmin = await signIn(s.app, "13800000004", "admin");
  orgId = await orgIdOf(s, "示例学校");
});
afterAll(() => s.close());

const rows = (answer: { data: unknown }) => answer.data as { Id: number; Type: number; Title: string; CourseType?: number; CourseId?: number }[];

async function recordedCourse(title: string) {
  const made = await api(admin, vodCourse.api.create!, { type: recordedCourseType, title, expire: daysFromNow(30), detail: "" });
  expect(made.code, made.msg).toBe(0);
  return (made.data as { Id: number }).Id;
}

async function sessionOf(courseId: number, title: string) {
  const begin = Date.now() + 3_600_000;
  const { id } = await s.db.kysely
    .insertInto("lives")
    .values({ org_id: orgId, course_id: courseId, title, begin_time: begin, end_time: begin + 3_600_000, status: 0, scale: recordedCourseType, voided: 0, detail: "", master_id: 0, created_at: 1, updated_at: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

describe("a recorded course", () => {
  it("keeps the course form's rules and messages (3 §5)", async () => {
    expect(await api(admin, course.api.create!, { type: recordedCourseType, title: "", expire: daysFromNow(3) })).toMatchObject({ code: 400, msg: "请输入课程名" });
    expect(await api(admin, course.api.create!, { type: recordedCourseType, title: "长".repeat(31), expire: daysFromNow(3) })).toMatchObject({ code: 400, msg: "课程标题不能超过30字" });
    expect(await api(admin, course.api.create!, { type: recordedCourseType, title: "录播", detail: "字".repeat(201), expire: daysFromNow(3) })).toMatchObject({ code: 400, msg: "课程描述不能超过200字" });
    expect(await api(admin, course.api.create!, { type: recordedCourseType, title: "录播" })).toMatchObject({ code: 400, msg: "课程有效期不能为空" });
    expect(await api(admin, course.api.create!, { type: recordedCourseType, title: "录播", expire: daysFromNow(-1) })).toMatchObject({ code: 400, msg: "课程有效期不能小于当前时间" });
    const id = await recordedCourse("录播·规则");
    expect(await api(admin, course.api.update!, { id, title: "长".repeat(61), expire: daysFromNow(3) })).toMatchObject({ code: 400, msg: "课程标题不能超过60字" });
    expect((await api(admin, course.api.update!, { id, title: "长".repeat(60), expire: daysFromNow(3) })).code).toBe(0);
  });

  it("is listed by the recorded list's fixed type, and only recorded courses are", async () => {
    const id = await recordedCourse("录播·列表");
    const listed = rows(await api(admin, vodCourse.api.search!, { page: 1, count: 50, ...vodCourse.fixed }));
    expect(listed.map((r) => r.Id)).toContain(id);
    expect(new Set(listed.map((r) => r.Type))).toEqual(new Set([recordedCourseType]));
  });
});

describe("the recorded sessions (vodsearch)", () => {
  it("lists the lives of recorded courses only, by course, title and status", async () => {
    const id = await recordedCourse("录播·课节");
    const first = await sessionOf(id, "第一节 录播课节");
    await sessionOf(id, "第二节 录播课节");
    const all = await api(admin, vodApi.search, { page: 1, count: 50 });
    expect(all.code, all.msg).toBe(0);
    expect(new Set(rows(all).map((r) => r.CourseType))).toEqual(new Set([recordedCourseType]));
    expect(all.count).toBeGreaterThanOrEqual(2);
    const ofCourse = await api(admin, vodSession.api.search!, { page: 1, count: 10, couseid: id });
    expect(rows(ofCourse).map((r) => r.Title).sort()).toEqual(["第一节 录播课节", "第二节 录播课节"]);
    expect(ofCourse.count).toBe(2);
    expect(rows(await api(admin, vodApi.search, { page: 1, count: 10, couseid: id, title: "第一节" })).map((r) => r.Id)).toEqual([first]);
    expect(rows(await api(admin, vodApi.search, { page: 1, count: 10, couseid: id, status: 2 }))).toEqual([]);
    // A live course's id names no recorded session.
    const other = await s.db.kysely.selectFrom("courses").select("id").where("org_id", "=", orgId).where("type", "=", 1).executeTakeFirstOrThrow();
    expect(await api(admin, vodApi.search, { page: 1, count: 10, couseid: other.id })).toMatchObject({ code: 0, data: [], count: 0 });
  });

  it("keeps its totals and title index right as sessions are added, moved, changed and removed (migration 0026)", async () => {
    const counted = async (status?: number) => {
      let q = s.db.kysely.selectFrom("lives as l").innerJoin("courses as c", "c.id", "l.course_id").where("l.org_id", "=", orgId).where("c.type", "=", recordedCourseType);
      if (status !== undefined) q = q.where("l.status", "=", status);
      return Number((await q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    };
    const totals = async () => ({
      all: (await api(admin, vodApi.search, { page: 1, count: 1 })).count,
      notBegun: (await api(admin, vodApi.search, { page: 1, count: 1, status: 0 })).count,
      ended: (await api(admin, vodApi.search, { page: 1, count: 1, status: 2 })).count,
      fragment: (await api(admin, vodApi.search, { page: 1, count: 50, title: "鹈" })).count,
    });
    const expected = async () => ({ all: await counted(), notBegun: await counted(0), ended: await counted(2), fragment: (await titled("鹈")).length });
    const titled = async (key: string) => rows(await api(admin, vodApi.search, { page: 1, count: 50, title: key })).map((r) => r.Id);

    const id = await recordedCourse("录播·合计");
    const a = await sessionOf(id, "鹈鹕第一讲");
    const b = await sessionOf(id, "鹈鹕第二讲");
    // A live of another type with the same words is no recorded session, for the list or the index.
    const otherCourse = await s.db.kysely.selectFrom("courses").select("id").where("org_id", "=", orgId).where("type", "=", 1).executeTakeFirstOrThrow();
    const notRecorded = await sessionOf(otherCourse.id, "鹈鹕直播课");
    expect((await titled("鹈")).sort()).toEqual([a, b].sort());
    expect((await titled("鹈鹕第二")).sort()).toEqual([b]);
    expect(await totals()).toEqual(await expected());

    await s.db.kysely.updateTable("lives").set({ status: 2 }).where("id", "=", a).execute();
    await s.db.kysely.updateTable("lives").set({ course_id: id }).where("id", "=", notRecorded).execute();
    expect((await titled("鹈")).sort()).toEqual([a, b, notRecorded].sort());
    expect(await totals()).toEqual(await expected());

    await s.db.kysely.updateTable("lives").set({ course_id: otherCourse.id, title: "鹈鹕直播课" }).where("id", "=", b).execute();
    await s.db.kysely.deleteFrom("lives").where("id", "=", a).execute();
    expect((await titled("鹈")).sort()).toEqual([notRecorded]);
    expect(await totals()).toEqual(await expected());
  });
});

describe("one recorded session (liveiteminfoex)", () => {
  it("answers the session with its media fields, and no live of another type", async () => {
    const id = await sessionOf(await recordedCourse("录播·单个"), "单个课节");
    const one = await api(admin, vodApi.info, { liveid: id });
    expect(one.code, one.msg).toBe(0);
    expect(one.data).toMatchObject({ Id: id, Title: "单个课节", CourseType: recordedCourseType, totalMediaCount: 0, enableMediaCount: 0, mediaListStatus: 0 });
    const other = await s.db.kysely.selectFrom("lives as l").innerJoin("courses as c", "c.id", "l.course_id").select("l.id").where("l.org_id", "=", orgId).where("c.type", "=", 1).executeTakeFirstOrThrow();
    expect(await api(admin, vodApi.info, { liveid: other.id })).toMatchObject({ code: 404, msg: "记录不存在" });
    expect(await api(admin, vodApi.info, { liveid: 99_999_999 })).toMatchObject({ code: 404 });
    expect((await api(admin, vodApi.info, { liveid: "x" })).code).toBe(400);
  });
});

describe("a recorded session's media (3 §3 derived fields)", () => {
  it("counts the videos out of the recycle bin, those on shelf, and says whether any is bound", async () => {
    const id = await recordedCourse("录播·视频状态");
    const [bound, offShelf, none, past] = [await sessionOf(id, "有上架视频"), await sessionOf(id, "只有下架视频"), await sessionOf(id, "没有视频"), await sessionOf(id, "过期未绑定")];
    await s.db.kysely.updateTable("lives").set({ begin_time: Date.now() - 7_200_000, end_time: Date.now() - 3_600_000 }).where("id", "=", past).execute();
    const media = (live: number, idx: number, state: string, deleted: number | null = null) => ({ org_id: orgId, live_id: live, idx, filename: "v.mp4", state, created_at: 1, deleted_at: deleted });
    await s.db.kysely
      .insertInto("media_files")
      .values([media(bound, 1, "success"), media(bound, -1, "success"), media(bound, 2, "success", Date.now()), media(offShelf, -1, "success"), media(offShelf, 0, "")])
      .execute();
    const listed = (await api(admin, vodApi.search, { page: 1, count: 10, couseid: id })).data as { Id: number; totalMediaCount: number; enableMediaCount: number; mediaListStatus: number }[];
    const of = (live: number) => listed.find((r) => r.Id === live)!;
    expect(of(bound)).toMatchObject({ totalMediaCount: 2, enableMediaCount: 1, mediaListStatus: 1 });
    expect(of(offShelf)).toMatchObject({ totalMediaCount: 2, enableMediaCount: 0, mediaListStatus: 2 });
    expect(of(none)).toMatchObject({ totalMediaCount: 0, enableMediaCount: 0, mediaListStatus: 0 });
    expect(of(past)).toMatchObject({ totalMediaCount: 0, mediaListStatus: -1 });
  });
});

describe("a sub-admin holding the recorded keys alone", () => {
  it("sees and changes recorded courses and sessions, and no other course or live", async () => {
    const id = await recordedCourse("录播·子管理员");
    const session = await sessionOf(id, "子管理员的录播课节");
    const other = await s.db.kysely.selectFrom("courses").select(["id", "title"]).where("org_id", "=", orgId).where("type", "=", 1).executeTakeFirstOrThrow();
    const otherLive = await s.db.kysely.selectFrom("lives").select("id").where("course_id", "=", other.id).executeTakeFirstOrThrow();
    await grant(["vodcourseop", "vodop"]);
    // The course list without a type is narrowed to recorded ones.
    const listed = rows(await api(subadmin, course.api.list!, { page: 1, count: 50 }));
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed.map((r) => r.Type))).toEqual(new Set([recordedCourseType]));
    expect(await api(subadmin, course.api.create!, { type: 1, title: "不该建成", expire: daysFromNow(3) })).toMatchObject({ code: 403 });
    expect((await api(subadmin, course.api.create!, { type: recordedCourseType, title: "子管理员建的录播课", expire: daysFromNow(3) })).code).toBe(0);
    expect(await api(subadmin, course.api.update!, { id: other.id, title: other.title, expire: daysFromNow(30) })).toMatchObject({ code: 403 });
    expect((await api(subadmin, course.api.update!, { id, title: "录播·改过", expire: daysFromNow(30) })).code).toBe(0);
    expect(await api(subadmin, course.extra.students, { courseid: other.id, page: 1, count: 5 })).toMatchObject({ code: 403 });
    expect((await api(subadmin, course.extra.students, { courseid: id, page: 1, count: 5 })).code).toBe(0);
    // A live of another course is out of reach; the recorded session is not.
    expect(await api(subadmin, liveApi.info, { liveid: otherLive.id })).toMatchObject({ code: 403 });
    expect(await api(subadmin, live.api.remove!, { id: otherLive.id })).toMatchObject({ code: 403 });
    expect((await api(subadmin, liveApi.info, { liveid: session })).code).toBe(0);
    expect((await api(subadmin, vodApi.search, { page: 1, count: 10, couseid: id })).count).toBe(1);
    // The organisation-wide live list stays liveop's.
    expect(await api(subadmin, liveApi.all, { page: 1, count: 10 })).toMatchObject({ code: 403 });
    expect((await api(subadmin, live.api.remove!, { id: session })).code).toBe(0);
  });
});
