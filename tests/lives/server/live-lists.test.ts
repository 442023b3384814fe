import { afterAll, beforeAll, describe, expect, it } from "vitest";
import live from "../../../resources/lives/live";
import { liveApi, type LiveRecord } from "../../../resources/lives/live-api";
import { formatDateTime } from "../../../server/services/datetime";
import { caller, everyPage } from "../../courses/server/courses-helpers";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { grantSubadmin, ids, livesInDb, orgIdOf } from "./lives-helpers";

let s: TestServer;
let api: ReturnType<typeof caller>;
let admin: string;
let second: string;
let orgId: number;
let inDb: Awaited<ReturnType<typeof livesInDb>>;

beforeAll(async () => {
  s = await startTestServer();
  api = caller(s.app);
  admin = await signIn(s.app, "13800000000", "admin");
  second = await signIn(s.app, "13900000000", "admin");
  orgId = await orgIdOf(s, "示例学校");
  inDb = await livesInDb(s, orgId);
});
afterAll(() => s.close());

const every = (endpoint = liveApi.search, params: Record<string, unknown> = {}, cookie = admin) =>
  everyPage<LiveRecord>((page) => api(cookie, endpoint, { count: 20, ...params, page }));

describe("the organisation's lives (2 §2 /liveop, §7 all lives)", () => {
  it("lists every live, newest start first, paged, with the kept total", async () => {
    const first = await api(admin, liveApi.all, { page: 1, count: 10 });
    expect(first).toMatchObject({ code: 0, count: inDb.length });
    expect(ids(first.data)).toEqual(inDb.slice(0, 10).map((l) => l.id));
    const all = await every(liveApi.all);
    expect(all.map((r) => r.Id)).toEqual(inDb.map((l) => l.id));
    expect(inDb.some((l) => l.voided) && inDb.some((l) => l.master_id)).toBe(true);
  });

  it("answers LiveRecord as resources/lives/live-api.ts has it, from the tables", async () => {
    const sub = inDb.find((l) => l.master_id > 0)!;
    const { data } = await api(admin, liveApi.info, { liveid: sub.id });
    const record = data as LiveRecord;
    const row = await s.db.kysely.selectFrom("lives").selectAll().where("id", "=", sub.id).executeTakeFirstOrThrow();
    const course = await s.db.kysely.selectFrom("courses").select(["title", "type", "max_user_num"]).where("id", "=", row.course_id).executeTakeFirstOrThrow();
    const master = await s.db.kysely.selectFrom("lives").select("title").where("id", "=", row.master_id).executeTakeFirstOrThrow();
    const students = await s.db.kysely.selectFrom("live_students").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", sub.id).executeTakeFirstOrThrow();
    const staff = await s.db.kysely
      .selectFrom("live_staff as ls")
      .innerJoin("identities as i", "i.id", "ls.identity_id")
      .innerJoin("persons as p", "p.id", "i.person_id")
      .select(["ls.role", "i.id", "i.name", "i.nick", "p.nickname", "p.headimg"])
      .where("ls.live_id", "=", sub.id)
      .orderBy("ls.position")
      .execute();
    expect(Object.keys(record).sort()).toEqual(
      ["Id", "EncryptRoomId", "Title", "CourseId", "CourseName", "CourseType", "CourseMaxUsers", "BeginTime", "EndTime", "Teachers", "Assistants", "StudentCount", "LiveType", "LiveState", "Status", "Detail", "CreateTime", "UpdateTime", "MasterId", "MasterName", "Emulateid", "Config", "CloudDiskFiles", "SubClassName"].sort(),
    );
    expect(record).toMatchObject({
      Id: sub.id,
      EncryptRoomId: row.encrypt_room_id,
      Title: row.title,
      CourseId: row.course_id,
      CourseName: course.title,
      CourseType: course.type,
      CourseMaxUsers: course.max_user_num,
      BeginTime: formatDateTime(row.begin_time),
      EndTime: formatDateTime(row.end_time),
      StudentCount: Number(students.n),
      LiveType: row.scale,
      LiveState: row.status,
      Status: 1,
      MasterId: row.master_id,
      MasterName: master.title,
      SubClassName: row.sub_class_name,
      CreateTime: formatDateTime(row.created_at),
      UpdateTime: formatDateTime(row.updated_at),
    });
    expect(record.EncryptRoomId).toMatch(/^[0-9a-f]{32}$/);
    expect(record.SubClassName.length).toBeLessThanOrEqual(4);
    expect(record.StudentCount).toBeGreaterThan(0);
    expect(JSON.parse(record.Teachers)).toEqual(
      staff.filter((m) => m.role === "teacher").map((m) => ({ account: m.id, name: m.name, nick: m.nick || m.nickname, headImg: m.headimg })),
    );
    expect(JSON.parse(record.Assistants)).toEqual(staff.filter((m) => m.role === "assistant").map((m) => ({ account: m.id, name: m.name })));
    const voided = inDb.find((l) => l.voided)!;
    expect(((await api(admin, liveApi.info, { liveid: voided.id })).data as LiveRecord).Status).toBe(0);
  });
});

describe("searching lives (2 §7 search)", () => {
  const expectSearch = async (params: Record<string, unknown>, expected: typeof inDb) => {
    const found = await every(liveApi.search, params);
    expect(found.map((r) => r.Id), JSON.stringify(params)).toEqual(expected.map((l) => l.id));
    const first = await api(admin, liveApi.search, { ...params, page: 1, count: 3 });
    expect(first.count, JSON.stringify(params)).toBe(expected.length);
  };

  it("filters by a trimmed fragment of the name, of any length, on both the title index and a course's lives", async () => {
    for (const key of ["数", "数学", "第1讲", "双师语文阅读第", "·", "ENGLISH", "no such live"]) {
      const expected = inDb.filter((l) => l.title.toLowerCase().includes(key.toLowerCase()));
      await expectSearch({ title: ` ${key} ` }, expected);
    }
    const courseId = inDb.find((l) => l.title.startsWith("高一数学"))!.course_id;
    await expectSearch({ couseid: courseId, title: "第2" }, inDb.filter((l) => l.course_id === courseId && l.title.includes("第2")));
  });

  it("answers the same for a key in thousands of titles or a teacher of thousands of lives, read in start order, as for rare ones read off their index", async () => {
    const courseId = inDb[0].course_id;
    const base = Date.UTC(2030, 0, 1);
    const many = Array.from({ length: 2500 }, (_, n) => ({
      org_id: orgId, course_id: courseId, title: `密集排课${n % 7 === 0 ? "Ab" : ""}${n}`, begin_time: base + n * 60_000, end_time: base + n * 60_000 + 3_600_000,
      status: n % 3, scale: 1, voided: 0, detail: "", master_id: 0, created_at: base, updated_at: base,
    }));
    for (let i = 0; i < many.length; i += 250) await s.db.kysely.insertInto("lives").values(many.slice(i, i + 250)).execute();
    // Most of them (and a few older ones) led by one teacher, so a teacher of thousands of lives is searched too.
    const teacher = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", orgId).where("role", "=", "teacher").orderBy("id", "desc").executeTakeFirstOrThrow();
    const added = await s.db.kysely.selectFrom("lives").select("id").where("title", "like", "密集排课%").execute();
    const led = added.filter((_, n) => n % 5 !== 0).map((l) => ({ live_id: l.id, identity_id: teacher.id, role: "teacher" as const, position: 0 }));
    for (let i = 0; i < led.length; i += 250) await s.db.kysely.insertInto("live_staff").values(led.slice(i, i + 250)).onConflict((oc) => oc.doNothing()).execute();
    inDb = await livesInDb(s, orgId);
    const cases: { title?: string; status?: number; teacher?: number }[] = [
      { title: "密" }, { title: "密集" }, { title: "ab" }, { title: "密", status: 1 }, { title: "排课1" }, { title: "课12" },
      { teacher: teacher.id }, { teacher: teacher.id, status: 2 }, { teacher: teacher.id, title: "密" }, { teacher: teacher.id, title: "课12" },
    ];
    for (const params of cases) {
      const expected = inDb.filter(
        (l) =>
          (params.title === undefined || l.title.toLowerCase().includes(params.title.toLowerCase())) &&
          (params.status === undefined || l.status === params.status) &&
          (params.teacher === undefined || l.teacher === params.teacher),
      );
      // Page 1 of 10 fills from the first few hundred lives in start order; page 3 of 20 is read off the index.
      for (const [page, count] of [[1, 10], [3, 20]]) {
        const answer = await api(admin, liveApi.search, { ...params, page, count });
        expect(answer.count, JSON.stringify(params)).toBe(expected.length);
        expect(ids(answer.data), JSON.stringify(params)).toEqual(expected.slice((page - 1) * count, page * count).map((l) => l.id));
      }
    }
    expect((await api(admin, liveApi.all, { page: 1, count: 1 })).count).toBe(inDb.length);
  });

  it("finds a title by a piece the search treats specially: % and _ are plain characters", async () => {
    await expectSearch({ title: "%" }, []);
    await expectSearch({ title: "_" }, []);
  });

  it("filters by live id, main teacher, status (-1 all) and the start's range", async () => {
    const one = inDb[5];
    await expectSearch({ liveid: one.id }, [one]);
    const teacher = await s.db.kysely
      .selectFrom("identities as i")
      .innerJoin("persons as p", "p.id", "i.person_id")
      .select("i.id")
      .where("p.mobile", "=", "13800000001")
      .where("i.org_id", "=", orgId)
      .executeTakeFirstOrThrow();
    const taught = inDb.filter((l) => l.teacher === teacher.id);
    expect(taught.length).toBeGreaterThan(5);
    await expectSearch({ teacher: teacher.id }, taught);
    for (const status of [0, 1, 2]) await expectSearch({ status }, inDb.filter((l) => l.status === status));
    await expectSearch({ status: -1 }, inDb);
    const from = inDb[inDb.length - 20].begin_time;
    const to = inDb[10].begin_time;
    const range = { begintime: formatDateTime(from), endtime: formatDateTime(to) };
    await expectSearch(range, inDb.filter((l) => l.begin_time >= from && l.begin_time <= to + 999));
    const day = formatDateTime(to).slice(0, 10);
    await expectSearch({ begintime: day, endtime: day }, inDb.filter((l) => formatDateTime(l.begin_time).startsWith(day)));
    await expectSearch({ ...range, status: 2, teacher: teacher.id, title: "讲" }, taught.filter((l) => l.status === 2 && l.begin_time >= from && l.begin_time <= to + 999));
  });

  it("lists one course's lives with couseid (sic), and another organisation's course as none", async () => {
    const courseId = inDb.find((l) => l.master_id > 0)!.course_id;
    await expectSearch({ couseid: courseId }, inDb.filter((l) => l.course_id === courseId));
    const other = await s.db.kysely.selectFrom("courses").select("id").where("org_id", "<>", orgId).executeTakeFirstOrThrow();
    await expectSearch({ couseid: other.id }, []);
  });

  it("refuses what no filter could send, in Chinese and never with a 500", async () => {
    const bad = async (params: Record<string, unknown>, msg: string) =>
      expect(await api(admin, liveApi.search, params)).toMatchObject({ code: 400, msg });
    await bad({ status: 3 }, "直播状态不正确");
    await bad({ begintime: "2024-02-30" }, "开始时间格式不正确");
    await bad({ endtime: "tomorrow" }, "结束时间格式不正确");
    await bad({ title: "长".repeat(61) }, "直播名称不能超过60字");
    await bad({ teacher: 0 }, "老师编号不正确");
    await bad({ couseid: "x" }, "课程编号不正确");
    await bad({ count: 101 }, "每页条数应为1-100");
  });
});

describe("double-teacher lists (2 §2, §7 master list, sub-lives)", () => {
  it("lists a double-teacher course's main classrooms, searchable by name, and each one's sub-classes", async () => {
    const master = inDb.find((l) => l.master_id === 0 && inDb.some((sub) => sub.master_id === l.id))!;
    const course = master.course_id;
    const masters = inDb.filter((l) => l.course_id === course && l.master_id === 0 && l.scale === 5);
    expect(ids(await every(liveApi.master, { courseid: course }))).toEqual(masters.map((l) => l.id));
    const key = master.title.slice(-3);
    expect(ids(await every(liveApi.masterSearch, { courseid: course, key }))).toEqual(masters.filter((l) => l.title.includes(key)).map((l) => l.id));
    const subs = inDb.filter((l) => l.master_id === master.id);
    expect(subs.length).toBe(2);
    const listed = await every(liveApi.sub, { courseid: course, masterid: master.id });
    expect(listed.map((r) => r.Id)).toEqual(subs.map((l) => l.id));
    expect(listed.map((r) => r.SubClassName).sort()).toEqual(["一班", "二班"]);
    expect(listed.every((r) => r.MasterName === master.title && r.MasterId === master.id)).toBe(true);
    expect(await api(admin, liveApi.sub, { courseid: course + 1, masterid: master.id })).toMatchObject({ code: 404, msg: "记录不存在" });
  });

  it("lists every live that is no sub-class as a main classroom of a course of type 18", async () => {
    const course = inDb.find((l) => l.course_type === 18)!.course_id;
    expect(ids(await every(liveApi.master, { courseid: course }))).toEqual(inDb.filter((l) => l.course_id === course && l.master_id === 0).map((l) => l.id));
  });

  it("names a course with its type, and keeps another organisation's courses and lives out", async () => {
    const [course] = await s.db.kysely.selectFrom("courses").select(["id", "title", "type"]).where("org_id", "=", orgId).where("type", "=", 5).execute();
    expect(await api(admin, liveApi.courseName, { id: course.id })).toMatchObject({ code: 0, data: { name: course.title, type: 5 } });
    const notFound = { code: 404, msg: "记录不存在" };
    expect(await api(second, liveApi.courseName, { id: course.id })).toMatchObject(notFound);
    expect(await api(second, liveApi.master, { courseid: course.id })).toMatchObject(notFound);
    expect(await api(second, liveApi.info, { liveid: inDb[0].id })).toMatchObject(notFound);
    expect(await api(second, liveApi.sub, { masterid: inDb.find((l) => l.master_id)!.master_id })).toMatchObject(notFound);
    expect(await api(second, liveApi.remove, { id: inDb[0].id })).toMatchObject(notFound);
    const theirs = await every(liveApi.all, {}, second);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((r) => inDb.some((l) => l.id === r.Id))).toBe(false);
  });
});

describe("who may list lives (2 §6; liveop, and courseop for a course's lives)", () => {
  it("admits liveop to every call, courseop to all but the organisation-wide list, and nobody else", async () => {
    const sub = await signIn(s.app, "13800000004", "admin");
    const course = inDb[0].course_id;
    const status = async (endpoint = liveApi.search, params: Record<string, unknown> = { couseid: course }) => (await api(sub, endpoint, params)).code;
    await grantSubadmin(s, ["liveop"]);
    expect([await status(liveApi.all, {}), await status()]).toEqual([0, 0]);
    await grantSubadmin(s, ["courseop"]);
    expect([await status(liveApi.all, {}), await status(), await status(liveApi.courseName, { id: course })]).toEqual([403, 0, 0]);
    await grantSubadmin(s, ["teacherop", "studentop"]);
    expect([await status(liveApi.all, {}), await status(), await status(liveApi.info, { liveid: inDb[0].id })]).toEqual([403, 403, 403]);
    const teacher = await signIn(s.app, "13800000001", "teacher");
    expect((await api(teacher, liveApi.search, {})).code).toBe(403);
  });
});

describe("voiding a live (2 §4: one way)", () => {
  it("voids an active live once, logs it, refuses a second void, and the lists show it voided", async () => {
    const target = inDb.find((l) => !l.voided && l.master_id === 0)!;
    expect(await api(admin, live.api.remove, { id: target.id })).toMatchObject({ code: 0, msg: "作废成功" });
    expect(((await api(admin, liveApi.info, { liveid: target.id })).data as LiveRecord).Status).toBe(0);
    expect(await api(admin, live.api.remove, { id: target.id })).toMatchObject({ code: 1, msg: "该直播已作废" });
    const logged = await s.db.kysely.selectFrom("audit_log").select(["resource", "action", "diff"]).where("record_id", "=", target.id).where("resource", "=", "live").execute();
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0].diff)).toEqual({ before: { Status: 1 }, after: { Status: 0 } });
    const row = (await every(liveApi.all)).find((r) => r.Id === target.id)!;
    expect(row.Status).toBe(0);
  });

  it("lets exactly one of many parallel voids land", async () => {
    const target = (await livesInDb(s, orgId)).find((l) => !l.voided && l.master_id === 0 && l.status === 0)!;
    const answers = await Promise.all(Array.from({ length: 8 }, () => api(admin, live.api.remove, { id: target.id })));
    expect(answers.filter((a) => a.code === 0), JSON.stringify(answers)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.msg === "该直播已作废")).toBe(true);
    const logged = await s.db.kysely.selectFrom("audit_log").select("id").where("record_id", "=", target.id).where("resource", "=", "live").execute();
    expect(logged).toHaveLength(1);
  });

  it("refuses an id that is no live, or not a number, without a 500", async () => {
    expect(await api(admin, live.api.remove, { id: 99_999_999 })).toMatchObject({ code: 404, msg: "记录不存在" });
    expect(await api(admin, live.api.remove, { id: "x" })).toMatchObject({ code: 400 });
  });
});
