import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistant, student, teacher } from "../../../resources";
import emulateTemplate from "../../../resources/lives/emulate-template";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { liveApi, liveMessages } from "../../../resources/lives/live-api";
import { entryMinutes, groupConfigDefaults, liveConfigKeys, liveConfigOptions, liveConfigPermissionKeys, type GroupConfig } from "../../../resources/lives/live-config";
import { savePermissions } from "../../../resources/kernel/menu";
import { checkAgainst } from "../../../server/plugins/schemas";
import { overlapping } from "../../../server/services/live-conflicts";
import { caller } from "../../courses/server/courses-helpers";
import { signIn, startSignedIn, type TestServer } from "../../kernel/server/helpers";
import { at, DAY, demo, HOUR, quietStart, staff } from "./live-writes-helpers";

/**
 * The organisation's live defaults (3 §2.7, §3: /liveSetting), schedule conflicts (issue 10), the
 * teacher and assistant pickers (2 §9: 1000 at once), and who may make each of these calls.
 */

let s: TestServer;
let admin: string;
let api: ReturnType<typeof caller>;
let d: Awaited<ReturnType<typeof demo>>;

beforeAll(async () => {
  ({ s, admin } = await startSignedIn());
  api = caller(s.app);
  d = await demo(s.db);
});
afterAll(() => s.close());

const readConfig = async (cookie = admin) => JSON.parse(((await api(cookie, liveApi.groupConfig)).data as { config: string }).config) as GroupConfig;
const setConfig = (config: unknown, cookie = admin) => api(cookie, liveApi.groupConfigSet, { config: typeof config === "string" ? config : JSON.stringify(config) });

describe("the group config (/cms/groupconfig)", () => {
  it("answers the defaults of 2 §9 for an organisation that saved none", async () => {
    await s.db.kysely.deleteFrom("group_configs").execute();
    expect(await readConfig()).toEqual(groupConfigDefaults);
    expect(groupConfigDefaults).toMatchObject({ pptDefaultSwitchMode: "1", replaySizeSetting: "1", pushStreamType: "0", layout: "1", teaEnterTs: "30", stuEnterTs: "30" });
  });

  it("saves and reads back every key, with 配置修改成功，新创建直播会使用最新配置", async () => {
    const next: GroupConfig = {
      ...groupConfigDefaults,
      layout: "2", teaEnterTs: "1440", stuEnterTs: "10", pushStreamType: "1", pptDefaultSwitchMode: "0", replaySizeSetting: "2",
      showUserNumByChat: "1", stuShowNum: "1", openFilterChat: "1", filterChatDefault: "1", openSyncLive: "1",
      liveConfigPermissions: Object.fromEntries(liveConfigPermissionKeys.map((k, i) => [k, i % 2 ? "0" : "1"])),
    };
    expect(await setConfig(next)).toMatchObject({ code: 0, msg: liveMessages.groupConfigSaved });
    expect(await readConfig()).toEqual(next);
    const log = await s.db.kysely.selectFrom("audit_log").select("diff").where("resource", "=", "groupConfig").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(JSON.parse(log.diff)).toMatchObject({ before: { layout: "1" }, after: { layout: "2" } });
  });

  it("keeps what a partial change does not name, and drops keys it does not know", async () => {
    const before = await readConfig();
    expect((await setConfig({ teaEnterTs: 45, unknown: "x", liveConfigPermissions: { layoutSetting: "1" } })).code).toBe(0);
    const after = await readConfig();
    expect(after).toEqual({ ...before, teaEnterTs: "45", liveConfigPermissions: { ...before.liveConfigPermissions, layoutSetting: "1" } });
    const stored = await s.db.kysely.selectFrom("group_configs").select("config").where("org_id", "=", d.school).executeTakeFirstOrThrow();
    expect(Object.keys(JSON.parse(stored.config))).toEqual([...liveConfigKeys, "liveConfigPermissions"]);
  });

  it("refuses each value out of its range (entry times 10-1440 in steps of 5), changing nothing", async () => {
    const before = await readConfig();
    const refused: [Record<string, unknown>, string][] = [
      [{ teaEnterTs: "5" }, "老师提前进入时间应为10-1440之间5的倍数"],
      [{ teaEnterTs: "1445" }, "老师提前进入时间应为10-1440之间5的倍数"],
      [{ stuEnterTs: "12" }, "学生提前进入时间应为10-1440之间5的倍数"],
      [{ stuEnterTs: "030" }, "学生提前进入时间应为10-1440之间5的倍数"],
      [{ layout: "3" }, "布局只能选择现代或经典"],
      [{ pushStreamType: "2" }, "推流方式只能选择手动推流或自动推流"],
      [{ openSyncLive: true }, "开启同步直播只能开启或关闭"],
      [{ liveConfigPermissions: { layoutSetting: "2" } }, "允许自由设置只能为0或1"],
    ];
    for (const [change, msg] of refused) expect(await setConfig(change), JSON.stringify(change)).toMatchObject({ code: 400, msg, data: { field: "config" } });
    for (const text of ["", "[]", "{", "null", "x".repeat(8001)]) expect((await setConfig(text)).code, text.slice(0, 10)).toBe(400);
    expect(await readConfig()).toEqual(before);
  });

  it("holds resources/lives/live-config.ts and schemas/lives/live-config.def to the same choices and entry-time range", () => {
    const valid = (key: string, value: string) => checkAgainst("live-config.def", { ...groupConfigDefaults, liveConfigPermissions: undefined, [key]: value }) === null;
    for (let minutes = 0; minutes <= 2000; minutes++) {
      const allowed = minutes >= entryMinutes.min && minutes <= entryMinutes.max && minutes % entryMinutes.step === 0;
      expect(valid("teaEnterTs", String(minutes)), String(minutes)).toBe(allowed);
    }
    for (const [key, options] of Object.entries(liveConfigOptions)) {
      for (const value of Object.keys(options)) expect(valid(key, value), `${key}=${value}`).toBe(true);
      expect(valid(key, "9")).toBe(false);
    }
  });
});

describe("schedule conflicts (/cms/liveconflicts)", () => {
  let start: number;
  let mine: number;
  beforeAll(async () => {
    start = quietStart();
    const add = async (title: string, from: number, to: number, who: string, voided = 0) => {
      const answer = await api(admin, liveApi.create, { courseid: d.largeClass.id, title, begintime: at(from), endtime: at(to), teachers: who, assistants: staff(d.assistant) });
      const id = (answer.data as { Id: number }).Id;
      if (voided) await s.db.kysely.updateTable("lives").set({ voided }).where("id", "=", id).execute();
      return id;
    };
    mine = await add("已排的课", start, start + 2 * HOUR, staff(d.teacher));
    await add("作废的课", start, start + 2 * HOUR, staff(d.teacher), 1);
    await add("前一天的课", start - DAY, start - DAY + HOUR, staff(d.teacher));
  });
  const ask = (query: Record<string, unknown>, cookie = admin) => api(cookie, liveApi.conflicts, { teachers: "[]", assistants: "[]", ...query });

  it("names the live, its time and who it shares, for an overlapping time", async () => {
    const answer = await ask({ begintime: at(start + HOUR), endtime: at(start + 3 * HOUR), teachers: staff(d.teacher) });
    expect(answer).toMatchObject({ code: 0, data: [{ Id: mine, Title: "已排的课", BeginTime: at(start), EndTime: at(start + 2 * HOUR), Who: d.teacher.name }] });
    const both = await ask({ begintime: at(start), endtime: at(start + HOUR), teachers: staff(d.teacher), assistants: staff(d.assistant) });
    expect(both.data).toEqual([expect.objectContaining({ Id: mine, Who: `${d.teacher.name}、${d.assistant.name}` })]);
  });

  it("leaves out touching times, voided lives, the live being changed and other people", async () => {
    expect((await ask({ begintime: at(start + 2 * HOUR), endtime: at(start + 3 * HOUR), teachers: staff(d.teacher) })).data).toEqual([]);
    expect((await ask({ begintime: at(start - HOUR), endtime: at(start), teachers: staff(d.teacher) })).data).toEqual([]);
    expect((await ask({ begintime: at(start), endtime: at(start + HOUR), teachers: staff(d.teacher), liveid: mine })).data).toEqual([]);
    const other = d.teachers.find((t) => t.id !== d.teacher.id)!;
    expect((await ask({ begintime: at(start), endtime: at(start + HOUR), teachers: staff(other) })).data).toEqual([]);
    expect((await ask({ begintime: at(start), endtime: at(start + HOUR) })).data).toEqual([]);
  });

  it("names nobody of another school, and refuses a time that is none", async () => {
    const other = await signIn(s.app, "13900000000", "admin");
    expect((await ask({ begintime: at(start), endtime: at(start + HOUR), teachers: staff(d.teacher) }, other)).data).toEqual([]);
    expect(await ask({ begintime: "2031-02-30 10:00:00", endtime: at(start) })).toMatchObject({ code: 400, data: { field: "begintime" } });
    expect(await ask({ endtime: at(start) })).toMatchObject({ code: 400, msg: "请选择开始时间" });
  });

  it("reads a window of the organisation's timetable by index, not its whole history", async () => {
    if (s.db.dialect !== "sqlite") return;
    // The service's own query, over a stand-in for the organisation scope (only selectFrom is used).
    const scope = { selectFrom: (table: "lives as l") => s.db.kysely.selectFrom(table).where("l.org_id", "=", d.school) };
    const query = overlapping(scope as unknown as Parameters<typeof overlapping>[0], [d.teacher.id], start, start + HOUR, 0).compile();
    const plan = await s.db.kysely.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    const steps = plan.rows.map((r) => r.detail).join(" | ");
    expect(steps).toContain("lives_org_time (org_id=? AND begin_time>? AND begin_time<?)");
    expect(steps).not.toMatch(/SCAN/);
  });
});

const cookieOfSubadmin = async (keys: string[]) => {
  const person = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000004").executeTakeFirstOrThrow();
  await s.db.kysely.updateTable("identities").set({ userop: JSON.stringify(savePermissions(keys)) }).where("person_id", "=", person.id).where("role", "=", "subadmin").execute();
  return signIn(s.app, "13800000004", "admin");
};

describe("who may call them", () => {
  const start = quietStart() + 30 * DAY;
  const writes: [Endpoint, Record<string, unknown>][] = [
    [liveApi.create, { courseid: 1, title: "x", begintime: at(start), endtime: at(start + HOUR) }],
    [liveApi.update, { id: 1, title: "x", begintime: at(start), endtime: at(start + HOUR) }],
    [liveApi.conflicts, { begintime: at(start), endtime: at(start + HOUR) }],
  ];

  it("refuses the live calls to a sub-admin holding neither liveop nor courseop, and to teachers, before validation", async () => {
    const sub = await cookieOfSubadmin(["liveSetting", "fzLiveTemplate", "teacherop"]);
    const teacherCookie = await signIn(s.app, "13800000001", "teacher");
    for (const [endpoint] of writes) {
      expect(await api(sub, endpoint, {}), endpoint.path).toMatchObject({ code: 403, msg: "拒绝访问" });
      expect(await api(teacherCookie, endpoint, {}), endpoint.path).toMatchObject({ code: 403 });
      expect(await api("", endpoint, {}), endpoint.path).toMatchObject({ code: 401 });
    }
  });

  it("lets a sub-admin with liveop add, read the defaults and pick teachers, assistants and templates, but not change them", async () => {
    const sub = await cookieOfSubadmin(["liveop"]);
    expect(await api(sub, liveApi.create, { ...writes[0][1], courseid: d.largeClass.id })).toMatchObject({ code: 0 });
    expect((await api(sub, liveApi.groupConfig)).code).toBe(0);
    expect(await setConfig(groupConfigDefaults, sub)).toMatchObject({ code: 403 });
    for (const list of [teacher.api.list, assistant.api.list, emulateTemplate.api.list, emulateTemplate.api.search]) expect((await api(sub, list!, { page: 1, count: 5 })).code, list!.path).toBe(0);
    expect(await api(sub, teacher.api.create, {})).toMatchObject({ code: 403 });
    expect(await api(sub, emulateTemplate.api.create!, {})).toMatchObject({ code: 403 });
    expect(await api(sub, student.api.list, { page: 1, count: 5 })).toMatchObject({ code: 403 });
  });

  it("lets courseop read the defaults, and only liveSetting change them", async () => {
    const sub = await cookieOfSubadmin(["courseop"]);
    expect((await api(sub, liveApi.groupConfig)).code).toBe(0);
    expect(await setConfig(groupConfigDefaults, sub)).toMatchObject({ code: 403 });
    const setter = await cookieOfSubadmin(["liveSetting"]);
    expect(await setConfig(groupConfigDefaults, setter)).toMatchObject({ code: 0 });
    const none = await cookieOfSubadmin(["teacherop"]);
    expect(await api(none, liveApi.groupConfig)).toMatchObject({ code: 403 });
  });
});

describe("the teacher and assistant pickers (2 §9)", () => {
  it("load 1000 at once, and only these lists do", async () => {
    for (const list of [teacher.api.list, assistant.api.list]) {
      const answer = await api(admin, list, { page: 1, count: 1000 });
      expect(answer.code, list.path).toBe(0);
      expect((answer.data as unknown[]).length).toBe(answer.count);
      expect((await api(admin, list, { page: 1, count: 1001 })).msg).toBe("每页条数应为1-1000");
    }
    expect(await api(admin, student.api.list, { page: 1, count: 1000 })).toMatchObject({ code: 400, msg: "每页条数应为1-100" });
  });
});
