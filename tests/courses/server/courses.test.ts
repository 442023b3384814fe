import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Ajv, { type ErrorObject } from "ajv";
import ajvErrors from "ajv-errors";
import { course, subadmin } from "../../../resources";
import { courseTypes, offeredCourseTypes } from "../../../resources/courses/course";
import { schemaFilePaths } from "../../../server/plugins/schema-folder";
import { uploadApi } from "../../../resources/kernel/upload";
import { userStatApi } from "../../../resources/users/user-stats";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { formatDateTime } from "../../../server/services/datetime";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { caller, daysFromNow, everyPage, type CourseRow } from "./courses-helpers";
import { call, mobileSupply, type Row } from "../../users/server/users-helpers";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

let s: TestServer;
let admin: string;
let api: ReturnType<typeof caller>;
let orgId: number;
beforeAll(async () => {
  s = await startTestServer();
  api = caller(s.app);
  admin = await signIn(s.app, "13800000000", "admin");
  orgId = (await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirstOrThrow()).id;
});
afterAll(() => s.close());

const freshMobile = mobileSupply("1992000");
const future = () => daysFromNow(30);
const msgOf = async (endpoint: Endpoint, params: Record<string, unknown>, cookie = admin) => {
  const body = await api(cookie, endpoint, params);
  return body.code === 0 ? "ok" : body.msg;
};
const create = async (params: Record<string, unknown>, cookie = admin) => {
  const body = await api(cookie, course.api.create, { title: "测试课程", expire: future(), ...params });
  if (body.code !== 0) throw new Error(`create failed: ${body.msg}`);
  return body.data as CourseRow;
};

/** The client's validator (ajv + ajv-errors, emptied inputs undefined, first field in schema order), as the forms run it. */
const ajv = new Ajv({ allErrors: true, $data: true, strict: false });
ajvErrors(ajv);
for (const file of schemaFilePaths()) ajv.addSchema(JSON.parse(fs.readFileSync(file, "utf8")));
function clientMessage(schemaId: string, payload: Record<string, unknown>): string {
  const validate = ajv.getSchema(schemaId)!;
  if (validate(Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== "")))) return "ok";
  const fieldOf = (e: ErrorObject) => {
    const original = e.keyword === "errorMessage" ? ((e.params as { errors: ErrorObject[] }).errors[0] ?? e) : e;
    return original.keyword === "required" ? (original.params as { missingProperty: string }).missingProperty : e.instancePath.split("/")[1];
  };
  const order = Object.keys((validate.schema as { properties: object }).properties);
  for (const field of order) {
    const shown = validate.errors!.find((e) => fieldOf(e) === field);
    if (shown) return shown.message!;
  }
  return validate.errors![0].message!;
}

describe("create: the messages of 1 §5, in order", () => {
  const long = (n: number) => "课".repeat(n);
  const cases: [Record<string, unknown>, string][] = [
    [{ type: 1 }, "请输入课程名"],
    [{ type: 1, title: "", detail: long(201), expire: "" }, "请输入课程名"],
    [{ type: 1, title: "   ", expire: "2020-01-01 00:00:00" }, "请输入课程名"],
    [{ type: 1, title: long(31), detail: long(201) }, "课程标题不能超过30字"],
    [{ type: 1, title: long(30), detail: long(201) }, "课程描述不能超过200字"],
    [{ type: 1, title: long(30), detail: long(200) }, "课程有效期不能为空"],
    [{ type: 1, title: "数学", expire: "" }, "课程有效期不能为空"],
    [{ type: 1, title: "数学", expire: "2026/01/01" }, "课程有效期格式不正确"],
  ];

  it("gives each schema message, and the client's validator gives the same", async () => {
    for (const [payload, wanted] of cases) {
      expect(await msgOf(course.api.create, payload), JSON.stringify(payload)).toBe(wanted);
      expect(clientMessage("course.create", payload), JSON.stringify(payload)).toBe(wanted);
    }
  });

  it("then refuses an expiry in the past (the schema's notBeforeNow keyword)", async () => {
    const body = await api(admin, course.api.create, { type: 1, title: "数学", expire: formatDateTime(Date.now() - 60_000) });
    expect(body).toMatchObject({ code: 400, msg: "课程有效期不能小于当前时间", data: { field: "expire" } });
    expect(await msgOf(course.api.create, { type: 1, title: "数学", expire: "2026-02-30 10:00:00" })).toBe("课程有效期格式不正确");
  });

  it("adds a course at the limits and answers its row", async () => {
    const body = await api(admin, course.api.create, { type: 1, title: long(30), detail: long(200), expire: "2099-12-31 23:59:59", headimg: "/uploads/x.png" });
    expect(body.msg).toBe("添加成功");
    expect(body.data).toMatchObject({
      Title: long(30), Detail: long(200), Type: 1, MaxUserNum: 25, Expire: "2099-12-31 23:59:59", Status: 1,
      FirstLiveTime: null, CreateUser: "张校长", HeadImg: "/uploads/x.png",
    });
  });
});

describe("edit: the messages of 1 §5", () => {
  it("requires a title (at most 60) and an expiry; the description stays at most 200", async () => {
    const { Id: id } = await create({ type: 1 });
    const cases: [Record<string, unknown>, string][] = [
      [{ id }, "请输入课程名"],
      [{ id, title: "", expire: "" }, "请输入课程名"],
      [{ id, title: "课".repeat(61) }, "课程标题不能超过60字"],
      [{ id, title: "课".repeat(60), detail: "课".repeat(201) }, "课程描述不能超过200字"],
      [{ id, title: "课".repeat(60) }, "课程有效期不能为空"],
      [{ title: "数学", expire: future() }, "记录编号不正确"],
    ];
    for (const [payload, wanted] of cases) {
      expect(await msgOf(course.api.update, payload), JSON.stringify(payload)).toBe(wanted);
      expect(clientMessage("course.edit", payload), JSON.stringify(payload)).toBe(wanted);
    }
    const changed = await api(admin, course.api.update, { id, title: "课".repeat(60), detail: "新描述", expire: "2098-01-02 03:04:05" });
    expect(changed.msg).toBe("修改成功");
    expect(changed.data).toMatchObject({ Id: id, Title: "课".repeat(60), Detail: "新描述", Expire: "2098-01-02 03:04:05" });
  });

  it("keeps the type, whatever the request says", async () => {
    const { Id: id } = await create({ type: 1 });
    const body = await api(admin, course.api.update, { id, type: 0, title: "改类型", expire: future() });
    expect(body.code).toBe(0);
    expect((body.data as CourseRow).Type).toBe(1);
    const row = await s.db.kysely.selectFrom("courses").select("type").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.type).toBe(1);
  });
});

describe("course types and maximum users (1 §5, §9)", () => {
  it("starts each type at its default", async () => {
    for (const t of courseTypes) {
      const row = await create({ type: t.code });
      expect([t.code, row.MaxUserNum]).toEqual([t.code, [1, 5, 6, 18].includes(t.code) ? 25 : 1]);
    }
  });

  it("lets small and fusion classes choose 1 or 6, caps interactive at 100, leaves the others unbounded", async () => {
    const cases: [number, number, string][] = [
      [0, 1, "ok"], [0, 6, "ok"], [0, 3, "小班课最大人数只能选择1人或6人"], [0, 7, "小班课最大人数只能选择1人或6人"],
      [7, 1, "ok"], [7, 6, "ok"], [7, 2, "融合课最大人数只能选择1人或6人"],
      [6, 100, "ok"], [6, 101, "互动大班课最大人数不能超过100人"],
      [1, 5000, "ok"], [18, 300, "ok"], [200, 9999, "ok"],
      [1, 0, "最大人数应为正整数"], [1, 2.5, "最大人数应为正整数"],
    ];
    for (const [type, maxusernum, wanted] of cases)
      expect(await msgOf(course.api.create, { type, maxusernum, title: "人数", expire: future() }), `${type}/${maxusernum}`).toBe(wanted);
    expect(await msgOf(course.api.create, { type: 3, title: "人数", expire: future() })).toBe("请选择班型");
    expect(await msgOf(course.api.create, { title: "人数", expire: future() })).toBe("请选择班型");
  });

  it("checks a change of maximum users against the stored type", async () => {
    const { Id: id } = await create({ type: 0, maxusernum: 6 });
    expect(await msgOf(course.api.update, { id, title: "小班", expire: future(), maxusernum: 3 })).toBe("小班课最大人数只能选择1人或6人");
    const body = await api(admin, course.api.update, { id, title: "小班", expire: future(), maxusernum: 1 });
    expect((body.data as CourseRow).MaxUserNum).toBe(1);
  });
});

describe("types offered by the extended permissions (1 §6)", () => {
  const tryEvery = async (cookie: string) => {
    const allowed: number[] = [];
    for (const t of courseTypes) {
      const body = await api(cookie, course.api.create, { type: t.code, title: "权限", expire: future() });
      if (body.code === 0) allowed.push(t.code);
      else expect(body.msg).toBe(`您没有创建${t.label}的权限`);
    }
    return allowed;
  };

  it("gives 13800000009 (bigClass and smallClass) small and large classes only, and recorded courses by its own key (vodcourseop, 3 §2.1)", async () => {
    const cookie = await signIn(s.app, "13800000009", "admin");
    expect(await tryEvery(cookie)).toEqual([0, 1, 200]);
  });

  it("gives the main admin every type", async () => {
    expect(await tryEvery(admin)).toEqual(courseTypes.map((t) => t.code));
  });

  it("follows a sub-admin's keys: none of the main five means no restriction; the keyed extras count once restricted", async () => {
    const courseop = JSON.stringify([{ label: "课程直播", subMenus: [{ label: "课程管理", path: "courseop" }] }]);
    const ex = (...keys: string[]) => JSON.stringify([{ label: "课程类型", subMenus: keys.map((k) => ({ label: k, path: k })) }]);
    const cases: [string[], number[]][] = [
      [["bigSmallClass"], courseTypes.map((t) => t.code)],
      [["hudongClass", "bigSmallClass", "publicReplyClass"], [2, 6, 18]],
      [["mergeClass", "doubleTeaClass"], [5, 7]],
    ];
    for (const [keys, wanted] of cases) {
      const mobile = freshMobile();
      const made = await api(admin, subadmin.api.create, { name: "课程管理员", mobile, passwd: "abc123", userop: courseop, useropex: ex(...keys) });
      expect(made.code, made.msg).toBe(0);
      const cookie = await signIn(s.app, mobile, "admin", "abc123");
      expect(await tryEvery(cookie), keys.join()).toEqual(wanted);
      expect(offeredCourseTypes(keys).map((t) => t.code)).toEqual(wanted);
      expect((made.data as Row).Name).toBe("课程管理员");
    }
  });
});

describe("list and search (1 §7)", () => {
  const all = (params: Record<string, unknown> = {}, cookie = admin) =>
    everyPage<CourseRow>((page) => api(cookie, params && Object.keys(params).length ? course.api.search : course.api.list, { ...params, page, count: 7 }));

  it("pages the organisation's courses, newest change first", async () => {
    const rows = await all();
    const inDb = await s.db.kysely.selectFrom("courses").select(["id", "updated_at"]).where("org_id", "=", orgId).orderBy("updated_at", "desc").orderBy("id", "desc").execute();
    expect(rows.map((r) => r.Id)).toEqual(inDb.map((r) => r.id));
    const page2 = await api(admin, course.api.list, { page: 2, count: 5 });
    expect(page2.count).toBe(inDb.length);
    expect((page2.data as CourseRow[]).map((r) => r.Id)).toEqual(inDb.slice(5, 10).map((r) => r.id));
  });

  it("gives each course's first live, and none for a course without one", async () => {
    const rows = await all();
    const lives = await s.db.kysely.selectFrom("lives").select(["course_id", "begin_time"]).where("org_id", "=", orgId).where("voided", "=", 0).execute();
    for (const r of rows) {
      const starts = lives.filter((l) => l.course_id === r.Id).map((l) => l.begin_time);
      expect(r.FirstLiveTime, r.Title).toBe(starts.length ? formatDateTime(Math.min(...starts)) : null);
    }
    expect(rows.find((r) => r.Title === "经典课程回顾")!.FirstLiveTime).toBe("2017-09-05 19:00:00");
    expect(rows.find((r) => r.Title === "暑期预科")!.FirstLiveTime).toBeNull();
  });

  it("filters by title, type, status and a live time range", async () => {
    const rows = await all();
    const byTitle = await all({ title: "数学" });
    expect(byTitle.map((r) => r.Id)).toEqual(rows.filter((r) => r.Title.includes("数学")).map((r) => r.Id));
    expect(byTitle.length).toBeGreaterThan(1);
    const small = await all({ type: 0 });
    expect(small.map((r) => r.Id)).toEqual(rows.filter((r) => r.Type === 0).map((r) => r.Id));
    const invalid = await all({ status: 0 });
    expect(invalid.map((r) => r.Title)).toEqual(expect.arrayContaining(["高考冲刺·英语", "寒假数学营", "经典课程回顾"]));
    expect(invalid.every((r) => r.Status === 0)).toBe(true);
    const valid = await all({ status: 1 });
    expect(valid.length + invalid.length).toBe(rows.length);
    expect(valid.every((r) => r.Status === 1 && r.Expire > formatDateTime(Date.now()))).toBe(true);

    const today = formatDateTime(Date.now()).slice(0, 10);
    const todays = await all({ begintime: `${today} 00:00:00`, endtime: `${today} 23:59:59` });
    const start = new Date(`${today}T00:00:00`).getTime();
    const withLiveToday = await s.db.kysely
      .selectFrom("lives").select("course_id").distinct()
      .where("org_id", "=", orgId).where("voided", "=", 0).where("begin_time", ">=", start).where("begin_time", "<", start + 86_400_000)
      .execute();
    expect(todays.map((r) => r.Id).sort()).toEqual(withLiveToday.map((r) => r.course_id).sort());
    expect(todays.length).toBeGreaterThanOrEqual(4);
    expect((await all({ begintime: "2017-01-01", endtime: "2017-12-31" })).map((r) => r.Title)).toEqual(["经典课程回顾"]);
    expect(await all({ title: "数学", type: 5, status: 1 })).toEqual(rows.filter((r) => r.Title.includes("数学") && r.Type === 5 && r.Status === 1));
    expect(await msgOf(course.api.search, { begintime: "yesterday" })).toBe("开始时间格式不正确");
  });

  it("turns http cover links into https, and keeps what was stored", async () => {
    const made = await create({ type: 1, title: "封面课程", headimg: "http://img.example.com/a.png" });
    expect(made.HeadImg).toBe("https://img.example.com/a.png");
    const found = (await all({ title: "封面课程" }))[0];
    expect(found.HeadImg).toBe("https://img.example.com/a.png");
    const stored = await s.db.kysely.selectFrom("courses").select("headimg").where("id", "=", made.Id).executeTakeFirstOrThrow();
    expect(stored.headimg).toBe("http://img.example.com/a.png");
    expect(await msgOf(course.api.create, { type: 1, title: "封面", expire: future(), headimg: "javascript:alert(1)" })).toBe("封面地址不正确");
    expect(clientMessage("course.create", { type: 1, title: "封面", expire: future(), headimg: "javascript:alert(1)" })).toBe("封面地址不正确");
  });

  it("takes a blank filter for no filter, as search forms send them", async () => {
    const rows = await all();
    const res = await s.app.inject({ url: `${course.api.search.path}?title=&type=&status=&begintime=&endtime=&page=1&count=100`, headers: { cookie: admin } });
    expect(res.json()).toMatchObject({ code: 0, count: rows.length });
  });
});

describe("delete", () => {
  it("refuses a course with lives, removes one without and its enrolments", async () => {
    const seeded = (await s.db.kysely.selectFrom("courses").select("id").where("org_id", "=", orgId).where("title", "=", "高一数学·函数专题").executeTakeFirstOrThrow()).id;
    expect(await api(admin, course.api.remove, { id: seeded })).toMatchObject({ code: 1, msg: "该课程下已有直播，不能删除" });
    const withVoidedOnly = await create({ type: 1, title: "只有作废直播" });
    const now = Date.now();
    await s.db.kysely.insertInto("lives").values({ org_id: orgId, course_id: withVoidedOnly.Id, title: "作废", begin_time: now, end_time: now + 3600_000, status: 0, scale: 1, voided: 1, detail: "", master_id: 0, created_at: now, updated_at: now }).execute();
    expect((await api(admin, course.api.remove, { id: withVoidedOnly.Id })).msg).toBe("该课程下已有直播，不能删除");

    const made = await create({ type: 1, title: "将删除" });
    const student = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", orgId).where("role", "=", "student").executeTakeFirstOrThrow();
    expect((await api(admin, course.extra.addStudent, { userid: student.id, courseid: made.Id })).code).toBe(0);
    expect(await api(admin, course.api.remove, { id: made.Id })).toMatchObject({ code: 0, msg: "删除成功" });
    expect(await s.db.kysely.selectFrom("course_students").select("identity_id").where("course_id", "=", made.Id).execute()).toEqual([]);
    expect(await api(admin, course.api.remove, { id: made.Id })).toMatchObject({ code: 404, msg: "记录不存在" });
  });
});

describe("tenancy", () => {
  it("keeps each organisation to its own courses", async () => {
    const second = await signIn(s.app, "13900000000", "admin");
    const ours = await create({ type: 1, title: "本校课程" });
    const theirs = await everyPage<CourseRow>((page) => api(second, course.api.list, { page, count: 50 }));
    expect(theirs.map((r) => r.Title).sort()).toEqual(["第二学校·公开课", "第二学校·数学小班", "第二学校·语文大班"]);
    expect((await api(second, course.api.search, { title: "本校课程" })).count).toBe(0);
    expect(await api(second, course.api.update, { id: ours.Id, title: "被改", expire: future() })).toMatchObject({ code: 404, msg: "记录不存在" });
    expect(await api(second, course.api.remove, { id: ours.Id })).toMatchObject({ code: 404, msg: "记录不存在" });
    const student = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "!=", orgId).where("role", "=", "student").executeTakeFirstOrThrow();
    for (const [endpoint, params] of [
      [course.extra.unaddedStudents, { id: ours.Id }],
      [course.extra.students, { courseid: ours.Id }],
      [course.extra.addStudent, { userid: student.id, courseid: ours.Id }],
      [course.extra.removeStudent, { userid: student.id, courseid: ours.Id }],
      [course.extra.addStudentByMobile, { mobile: "13750000001", courseid: ours.Id }],
    ] as const)
      expect(await api(second, endpoint, params), endpoint.path).toMatchObject({ code: 404, msg: "记录不存在" });
    const row = await s.db.kysely.selectFrom("courses").select("title").where("id", "=", ours.Id).executeTakeFirstOrThrow();
    expect(row.title).toBe("本校课程");
  });
});

describe("permissions", () => {
  const everyCall = (): [Endpoint, Record<string, unknown>][] => [
    [course.api.list, {}],
    [course.api.search, { title: "a" }],
    [course.api.create, { type: 1, title: "x", expire: future() }],
    [course.api.update, { id: 1, title: "x", expire: future() }],
    [course.api.remove, { id: 1 }],
    ...Object.values(course.extra)
      .filter((e) => e !== uploadApi.upload)
      .map((e): [Endpoint, Record<string, unknown>] => [e, { id: 1, courseid: 1, userid: 1, mobile: "13800000003" }]),
  ];

  it("answers 401 without a session and 403 to a sub-admin without courseop, teachers and students", async () => {
    for (const [endpoint, params] of everyCall()) {
      const res = await call(s.app, "", endpoint, params);
      expect([res.status, res.body.code], endpoint.path).toEqual([401, 401]);
    }
    const refused = [
      await signIn(s.app, "13800000004", "admin"),
      await signIn(s.app, "13800000001", "teacher"),
      await signIn(s.app, "13800000003", "student"),
      await signIn(s.app, "13800000009", "teacher"),
    ];
    for (const cookie of refused)
      for (const [endpoint, params] of everyCall()) {
        const res = await call(s.app, cookie, endpoint, params);
        expect([res.status, res.body], endpoint.path).toEqual([403, { code: 403, data: null, msg: "拒绝访问" }]);
      }
    const granted = await signIn(s.app, "13800000009", "admin");
    expect((await api(granted, course.api.list)).code).toBe(0);
  });

  it("publishes every course, upload and detail-statistics call in the OpenAPI document", async () => {
    const doc = (await s.app.inject({ url: "/api/docs/json" })).json();
    const openApiPath = (e: Endpoint) => (e.host === "upload" ? "/upload-svc" : "") + e.path.replace(/:(\w+)/g, "{$1}");
    for (const e of [...Object.values(course.api), ...Object.values(course.extra), ...Object.values(uploadApi), ...Object.values(userStatApi)])
      expect(doc.paths[openApiPath(e)]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeTruthy();
  });
});
