import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payTypes } from "../../../resources/billing/prices";
import { liveApi, liveMessages } from "../../../resources/lives/live-api";
import { groupConfigDefaults, liveConfigDefaults } from "../../../resources/lives/live-config";
import { caller } from "../../courses/server/courses-helpers";
import { signIn, type TestServer } from "../../kernel/server/helpers";
import { at, DAY, HOUR, liveBody, staff, startLiveWrites, type Demo } from "./live-writes-helpers";
import { grantSubadmin } from "./lives-helpers";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

/**
 * Adding and changing lives (2 §5, §7, §8; issue 10): the form's rules in the spec's order, the
 * course, staff, sub-class and template rules, the group defaults with their fixed settings, the
 * arrears limit (918) and the organisation's scope.
 */

let s: TestServer;
let admin: string;
let api: ReturnType<typeof caller>;
let d: Demo;
let start: number;

beforeAll(async () => {
  ({ s, admin, api, d, start } = await startLiveWrites());
});
afterAll(() => s.close());

type Body = Record<string, unknown>;
const body = (extra: Body = {}): Body => liveBody(d, start, extra);
const add = (extra: Body = {}, cookie = admin) => api(cookie, liveApi.create, body(extra));
const liveRow = (id: number) => s.db.kysely.selectFrom("lives").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const staffRows = (id: number) => s.db.kysely.selectFrom("live_staff").select(["identity_id", "role", "position"]).where("live_id", "=", id).orderBy("role", "desc").orderBy("position").execute();
const idOf = (answer: { data: unknown }) => (answer.data as { Id: number }).Id;

/** Sets the balance outside the ledger: these tests are about the check, not about money moving. */
async function setBalance(balance: number, limit: number, payType: number = payTypes.arrears) {
  await s.db.kysely.updateTable("organisations").set({ balance_milli: balance, arrears_limit_milli: limit, pay_type: payType }).where("id", "=", d.school).execute();
}

describe("the live form's rules (2 §5), in the spec's order", () => {
  it("answers each message, naming its field, the first rule broken first", async () => {
    const cases: [Body, string, string][] = [
      [{ title: undefined, begintime: undefined, endtime: undefined }, "直播标题不能为空", "title"],
      [{ title: "   " }, "直播标题不能为空", "title"],
      [{ title: "题".repeat(61), begintime: undefined }, "直播标题不能超过60字", "title"],
      [{ begintime: undefined, endtime: undefined }, "请选择开始时间", "begintime"],
      [{ begintime: "" }, "请选择开始时间", "begintime"],
      [{ endtime: undefined }, "请选择直播结束时间", "endtime"],
      [{ endtime: at(start) }, "结束时间要大于开始时间", "endtime"],
      [{ endtime: at(start - HOUR) }, "结束时间要大于开始时间", "endtime"],
      [{ endtime: at(start + DAY + 2000) }, "直播时间不能超过一天", "endtime"],
    ];
    for (const [extra, msg, field] of cases) expect(await add(extra), msg).toMatchObject({ code: 400, msg, data: { field } });
  });

  it("takes a live of a day and one second (the spec's tolerance), and a title of 60", async () => {
    expect(await add({ endtime: at(start + DAY + 1000), title: "题".repeat(60) })).toMatchObject({ code: 0, msg: "添加成功" });
  });

  it("refuses a time that is no real one, and never answers 500 to odd bodies", async () => {
    expect(await add({ begintime: "2031-02-30 10:00:00", endtime: "2031-03-01 10:00:00" })).toMatchObject({ code: 400, data: { field: "begintime" } });
    for (const odd of [{ teachers: "[1,2" }, { teachers: "{}" }, { teachers: JSON.stringify([{ account: "x" }]) }, { config: "[1]" }, { emulateid: -1 }, { courseid: "x" }, { masterid: 1e12 }])
      expect((await add(odd)).code, JSON.stringify(odd)).toBe(400);
  });
});

describe("adding a live", () => {
  it("stores it with its staff in order, a room id, the group defaults and an audit row", async () => {
    const second = d.teachers.find((t) => t.id !== d.teacher.id)!;
    const answer = await add({ teachers: staff(second, d.teacher), title: "  第一讲  " });
    expect(answer).toMatchObject({ code: 0, msg: "添加成功" });
    const id = idOf(answer);
    const row = await liveRow(id);
    expect(row).toMatchObject({ title: "第一讲", course_id: d.largeClass.id, scale: 1, emulate_id: 0, master_id: 0, status: 0, voided: 0 });
    expect(row.encrypt_room_id).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.parse(row.config)).toEqual(liveConfigDefaults);
    expect(await staffRows(id)).toEqual([
      { identity_id: second.id, role: "teacher", position: 0 },
      { identity_id: d.teacher.id, role: "teacher", position: 1 },
      { identity_id: d.assistant.id, role: "assistant", position: 0 },
    ]);
    expect(answer.data).toMatchObject({ Id: id, Title: "第一讲", LiveType: 1 });
    // The answer names the staff as the lists do (nick and head image beside account and name).
    expect(JSON.parse((answer.data as { Teachers: string }).Teachers)).toMatchObject(JSON.parse(staff(second, d.teacher)));
    const log = await s.db.kysely.selectFrom("audit_log").selectAll().where("resource", "=", "live").where("record_id", "=", id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: "create", actor_name: "张校长" });
  });

  it("reads the staff back to the organisation's teachers and assistants", async () => {
    expect(await add({ teachers: staff(d.assistant) })).toMatchObject({ code: 400, data: { field: "teachers" }, msg: "所选老师不存在或已被删除，请重新选择" });
    expect(await add({ assistants: staff(d.student) })).toMatchObject({ code: 400, data: { field: "assistants" } });
    expect(await add({ teachers: staff(d.otherTeacher) })).toMatchObject({ code: 400, data: { field: "teachers" } });
    expect(await add({ teachers: JSON.stringify([{ account: 999_999, name: "无此人" }]) })).toMatchObject({ code: 400, data: { field: "teachers" } });
    expect(await add({ teachers: "not json" })).toMatchObject({ code: 400, msg: "老师格式不正确" });
    // The names sent are not trusted: the stored live names the organisation's own.
    const answer = await add({ teachers: JSON.stringify([{ account: d.teacher.id, name: "假名" }]), assistants: "" });
    expect(JSON.parse((answer.data as { Teachers: string }).Teachers)).toMatchObject(JSON.parse(staff(d.teacher)));
  });

  it("adds only to a valid course of the organisation", async () => {
    expect(await add({ courseid: d.otherCourse.id })).toMatchObject({ code: 404, msg: "课程不存在" });
    expect(await add({ courseid: 2_000_000_000 })).toMatchObject({ code: 404 });
    expect(await add({ courseid: d.expired.id })).toMatchObject({ code: 1, msg: "课程已失效，不能添加直播" });
  });

  it("gives a live its course's type: a double-teacher course's is 5", async () => {
    const id = idOf(await add({ courseid: d.doubleTeacher.id }));
    expect((await liveRow(id)).scale).toBe(5);
    expect((await liveRow(idOf(await add({ courseid: d.smallClass.id })))).scale).toBe(0);
  });
});

describe("sub-classes of a double-teacher main classroom (2 §5)", () => {
  let master: number;
  beforeAll(async () => {
    master = idOf(await add({ courseid: d.doubleTeacher.id, title: "主教室" }));
  });

  it("adds one under a main classroom of the same course, with its class name", async () => {
    const id = idOf(await add({ courseid: d.doubleTeacher.id, masterid: master, subClassName: " 一班 " }));
    expect(await liveRow(id)).toMatchObject({ master_id: master, sub_class_name: "一班", scale: 5 });
  });

  it("needs the class name, at most 4 characters, and a real main classroom", async () => {
    expect(await add({ courseid: d.doubleTeacher.id, masterid: master })).toMatchObject({ code: 400, msg: "请填写班级名称" });
    expect(await add({ courseid: d.doubleTeacher.id, masterid: master, subClassName: "  " })).toMatchObject({ code: 400, msg: "请填写班级名称" });
    expect(await add({ courseid: d.doubleTeacher.id, masterid: master, subClassName: "一二三四五" })).toMatchObject({ code: 400, msg: "班级名称不能超过4个字" });
    const sub = idOf(await add({ courseid: d.doubleTeacher.id, masterid: master, subClassName: "二班" }));
    expect(await add({ courseid: d.doubleTeacher.id, masterid: sub, subClassName: "三班" })).toMatchObject({ code: 400, msg: "请选择主教室" });
    const elsewhere = idOf(await add({ title: "大班课的直播" }));
    expect(await add({ courseid: d.doubleTeacher.id, masterid: elsewhere, subClassName: "三班" })).toMatchObject({ code: 400, msg: "请选择主教室" });
    expect(await add({ masterid: elsewhere, subClassName: "三班" })).toMatchObject({ code: 400, msg: "该课程不能添加子教室" });
  });
});

describe("simulated lives (2 §4)", () => {
  const template = async (org: number, voided = 0) =>
    (await s.db.kysely.insertInto("emulate_templates").values({ org_id: org, title: "模板", live_type: 1, begin_time: start, end_time: start + HOUR, created_at: 0, updated_at: 0, voided }).returning("id").executeTakeFirstOrThrow()).id;

  it("makes a large class's live type 101 with an active template of the organisation", async () => {
    const id = idOf(await add({ emulateid: await template(d.school) }));
    expect(await liveRow(id)).toMatchObject({ scale: 101 });
  });

  it("refuses a template for another course type, a voided one and another school's", async () => {
    expect(await add({ courseid: d.smallClass.id, emulateid: await template(d.school) })).toMatchObject({ code: 400, msg: "只有大班课可以创建仿真直播" });
    expect(await add({ emulateid: await template(d.school, 1) })).toMatchObject({ code: 400, msg: "仿真直播模板不存在" });
    expect(await add({ emulateid: await template(d.second) })).toMatchObject({ code: 400, msg: "仿真直播模板不存在" });
  });

  it("keeps the template and the type when the live is changed", async () => {
    const id = idOf(await add({ emulateid: await template(d.school) }));
    const row = await liveRow(id);
    const changed = await api(admin, liveApi.update, { id, title: "改名", begintime: at(start), endtime: at(start + HOUR), emulateid: 0 });
    expect(changed.code).toBe(0);
    expect(await liveRow(id)).toMatchObject({ scale: 101, emulate_id: row.emulate_id, title: "改名" });
  });
});

describe("the group's fixed settings (liveConfigPermissions)", () => {
  afterAll(() => s.db.kysely.deleteFrom("group_configs").where("org_id", "=", d.school).execute());

  it("start a new live from the group's defaults and force a setting the group does not leave free", async () => {
    const group = { ...groupConfigDefaults, layout: "2", stuEnterTs: "60", liveConfigPermissions: { ...groupConfigDefaults.liveConfigPermissions, layoutSetting: "0" } };
    expect(await api(admin, liveApi.groupConfigSet, { config: JSON.stringify(group) })).toMatchObject({ code: 0 });
    const id = idOf(await add({ config: JSON.stringify({ layout: "1", teaEnterTs: "45" }) }));
    expect(JSON.parse((await liveRow(id)).config)).toMatchObject({ layout: "2", teaEnterTs: "45", stuEnterTs: "60" });
    // The same rule on a change.
    const changed = await api(admin, liveApi.update, { id, title: "t", begintime: at(start), endtime: at(start + HOUR), config: JSON.stringify({ layout: "1", openSyncLive: "1" }) });
    expect(changed.code).toBe(0);
    expect(JSON.parse((await liveRow(id)).config)).toMatchObject({ layout: "2", teaEnterTs: "45", openSyncLive: "1" });
  });

  it("refuses a free setting out of its range, and config text that is no object", async () => {
    expect(await add({ config: JSON.stringify({ teaEnterTs: "12" }) })).toMatchObject({ code: 400, msg: "老师提前进入时间应为10-1440之间5的倍数", data: { field: "config" } });
    expect(await add({ config: JSON.stringify({ replaySizeSetting: "3" }) })).toMatchObject({ code: 400, msg: "回放尺寸只能选择标准1080P或自适应" });
    expect(await add({ config: "nonsense" })).toMatchObject({ code: 400, msg: "偏好设置格式不正确" });
  });
});

describe("the balance and the arrears limit (918, 2 §8, 2 §9 pay type)", () => {
  afterAll(() => setBalance(12_345_678, 0, payTypes.balance));
  const count = async () => Number((await s.db.kysely.selectFrom("lives").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

  it("paying from the balance, refuses at or below zero with 当前余额不足，请尽快充值！, whatever the arrears limit", async () => {
    await setBalance(0, 50_000, payTypes.balance);
    expect(await add()).toMatchObject({ code: 918, msg: liveMessages.insufficientBalance });
    await setBalance(-1, 0, payTypes.balance);
    expect(await add()).toMatchObject({ code: 918, msg: liveMessages.insufficientBalance });
    await setBalance(1, 0, payTypes.balance);
    expect(await add()).toMatchObject({ code: 0 });
  });

  it("in arrears, refuses at or below the limit with 您的账号欠费已达到最大额度限制，请及时充值！, and adds just above it", async () => {
    await setBalance(-50_000, 50_000);
    expect(await add()).toMatchObject({ code: 918, msg: liveMessages.arrearsLimit });
    await setBalance(-60_000, 50_000);
    expect(await add()).toMatchObject({ code: 918, msg: "您的账号欠费已达到最大额度限制，请及时充值！" });
    await setBalance(-49_999, 50_000);
    expect(await add()).toMatchObject({ code: 0 });
    await setBalance(0, 0);
    expect(await add()).toMatchObject({ code: 918 });
  });

  it("refuses two parallel adds at the limit, both, and adds nothing", async () => {
    await setBalance(-1000, 1000);
    const before = await count();
    const twin = await s.twin();
    const viaTwin = async () => (await twin.inject({ method: "POST", url: "/cms/live", payload: body(), headers: { cookie: admin } })).json() as { code: number };
    const answers = await Promise.all([add(), add(), viaTwin(), viaTwin()]);
    expect(answers.map((a) => a.code)).toEqual([918, 918, 918, 918]);
    expect(await count()).toBe(before);
  });

  it("sees a balance charged to zero by the next add, on either server", async () => {
    await setBalance(1, 0, payTypes.balance);
    expect((await add()).code).toBe(0);
    await setBalance(0, 0, payTypes.balance);
    const twin = await s.twin();
    const res = await twin.inject({ method: "POST", url: "/cms/live", payload: body(), headers: { cookie: admin } });
    expect(res.json()).toMatchObject({ code: 918, msg: "当前余额不足，请尽快充值！" });
  });
});

describe("changing a live", () => {
  let id: number;
  beforeAll(async () => {
    id = idOf(await add({ title: "待修改" }));
  });
  const change = (extra: Body = {}, cookie = admin) => api(cookie, liveApi.update, { id, title: "已修改", begintime: at(start + HOUR), endtime: at(start + 3 * HOUR), initnum: -1, ...extra });

  it("changes title, times, staff and description (修改成功), logging before and after", async () => {
    const other = d.teachers.find((t) => t.id !== d.teacher.id)!;
    expect(await change({ teachers: staff(other), assistants: "[]", detail: "第二版" })).toMatchObject({ code: 0, msg: "修改成功" });
    expect(await liveRow(id)).toMatchObject({ title: "已修改", begin_time: start + HOUR, end_time: start + 3 * HOUR, detail: "第二版" });
    expect(await staffRows(id)).toEqual([{ identity_id: other.id, role: "teacher", position: 0 }]);
    const log = await s.db.kysely.selectFrom("audit_log").select("diff").where("resource", "=", "live").where("record_id", "=", id).where("action", "=", "update").executeTakeFirstOrThrow();
    expect(JSON.parse(log.diff)).toMatchObject({ before: { Title: "待修改" }, after: { Title: "已修改" } });
  });

  it("keeps the staff when no list is sent, and the audience base at -1", async () => {
    await s.db.kysely.updateTable("lives").set({ init_num: 300 }).where("id", "=", id).execute();
    const staffBefore = await staffRows(id);
    expect((await change({ title: "再改" })).code).toBe(0);
    expect(await staffRows(id)).toEqual(staffBefore);
    expect((await liveRow(id)).init_num).toBe(300);
    expect((await change({ initnum: 500 })).code).toBe(0);
    expect((await liveRow(id)).init_num).toBe(500);
    expect((await change({ initnum: 10_000_001 })).code).toBe(400);
  });

  it("keeps the start of a live that has begun, but lets its end and title change", async () => {
    const begun = idOf(await add({ begintime: at(Date.now() - HOUR), endtime: at(Date.now() + HOUR) }));
    const row = await liveRow(begun);
    const again = (extra: Body) => api(admin, liveApi.update, { id: begun, title: "进行中", begintime: at(row.begin_time), endtime: at(row.end_time), ...extra });
    expect(await again({ begintime: at(row.begin_time + 60_000) })).toMatchObject({ code: 400, msg: "直播已开始，不能修改开始时间", data: { field: "begintime" } });
    expect(await again({ endtime: at(row.end_time + HOUR) })).toMatchObject({ code: 0 });
    expect(await liveRow(begun)).toMatchObject({ title: "进行中", begin_time: row.begin_time, end_time: row.end_time + HOUR });
  });

  it("applies the form's rules to a change too", async () => {
    expect(await change({ title: "" })).toMatchObject({ code: 400, msg: "直播标题不能为空" });
    expect(await change({ endtime: at(start + HOUR) })).toMatchObject({ code: 400, msg: "结束时间要大于开始时间" });
    expect(await change({ endtime: at(start + HOUR + DAY + 2000) })).toMatchObject({ code: 400, msg: "直播时间不能超过一天" });
  });

  it("refuses a voided live, one that is not there and another school's", async () => {
    const voided = idOf(await add());
    await s.db.kysely.updateTable("lives").set({ voided: 1 }).where("id", "=", voided).execute();
    expect(await change({ id: voided })).toMatchObject({ code: 1, msg: "该直播已作废，不能修改" });
    expect(await change({ id: 2_000_000_000 })).toMatchObject({ code: 404, msg: "直播不存在" });
    const other = await signIn(s.app, "13900000000", "admin");
    const title = (await liveRow(id)).title;
    expect(await change({ title: "别校改名" }, other)).toMatchObject({ code: 404 });
    expect((await liveRow(id)).title).toBe(title);
  });
});

describe("voiding through PATCH {id, status: 0} (2 §7: the sub-class list)", () => {
  const voidBody = (id: number) => ({ id, status: 0 });
  const logged = (id: number) => s.db.kysely.selectFrom("audit_log").select("diff").where("resource", "=", "live").where("record_id", "=", id).where("action", "=", "update").execute();

  it("voids once with 作废成功 and the same audit row as DELETE, leaves the other fields alone, and refuses it again", async () => {
    const id = idOf(await add({ title: "将作废" }));
    // A title beside the status is not a change: the body voids and nothing else.
    expect(await api(admin, liveApi.update, { ...voidBody(id), title: "不会改名" })).toMatchObject({ code: 0, msg: liveMessages.voided });
    expect(await liveRow(id)).toMatchObject({ voided: 1, title: "将作废" });
    expect((await logged(id)).map((row) => JSON.parse(row.diff))).toEqual([{ before: { Status: 1 }, after: { Status: 0 } }]);
    expect(await api(admin, liveApi.update, voidBody(id))).toMatchObject({ code: 1, msg: "该直播已作废" });
    expect(await api(admin, liveApi.update, { id, title: "作废后", begintime: at(start), endtime: at(start + HOUR) })).toMatchObject({ code: 1, msg: "该直播已作废，不能修改" });
    expect(await logged(id)).toHaveLength(1);
  });

  it("needs title and times only without a status, admits no other status, and keeps another school's live", async () => {
    const id = idOf(await add());
    expect(await api(admin, liveApi.update, { id })).toMatchObject({ code: 400, msg: "直播标题不能为空", data: { field: "title" } });
    expect(await api(admin, liveApi.update, { id, title: "只有标题" })).toMatchObject({ code: 400, msg: "请选择开始时间", data: { field: "begintime" } });
    for (const status of [1, -1, "x"]) expect(await api(admin, liveApi.update, { id, status }), String(status)).toMatchObject({ code: 400, msg: "状态不正确" });
    expect(await api(admin, liveApi.update, { status: 0 })).toMatchObject({ code: 400, msg: "直播不存在" });
    const other = await signIn(s.app, "13900000000", "admin");
    expect(await api(other, liveApi.update, voidBody(id))).toMatchObject({ code: 404 });
    expect((await liveRow(id)).voided).toBe(0);
  });

  it("lets exactly one of parallel voids land, whichever call each takes", async () => {
    const id = idOf(await add());
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? api(admin, liveApi.update, voidBody(id)) : api(admin, liveApi.remove, { id }))));
    expect(answers.filter((a) => a.code === 0), JSON.stringify(answers)).toHaveLength(1);
    expect(await logged(id)).toHaveLength(1);
  });
});

describe("a sub-admin holding courseop, whose course page shows 创建直播 and 修改", () => {
  it("adds, checks conflicts for, changes and voids a live, as one holding liveop does", async () => {
    const sub = await signIn(s.app, "13800000004", "admin");
    for (const keys of [["courseop"], ["liveop"]]) {
      await grantSubadmin(s, keys);
      const added = await add({ title: `子管理员${keys[0]}` }, sub);
      expect(added, keys[0]).toMatchObject({ code: 0 });
      const id = idOf(added);
      const window = { begintime: at(start), endtime: at(start + HOUR), teachers: staff(d.teacher) };
      expect((await api(sub, liveApi.conflicts, window)).code).toBe(0);
      expect(await api(sub, liveApi.update, { id, title: "改过", begintime: at(start), endtime: at(start + HOUR) })).toMatchObject({ code: 0 });
      expect(await api(sub, liveApi.update, { id, status: 0 })).toMatchObject({ code: 0, msg: liveMessages.voided });
    }
    await grantSubadmin(s, ["teacherop", "studentop"]);
    expect((await add({}, sub)).code).toBe(403);
  });
});
