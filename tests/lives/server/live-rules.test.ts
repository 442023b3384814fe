import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveApi } from "../../../resources/lives/live-api";
import { caller } from "../../courses/server/courses-helpers";
import type { TestServer } from "../../kernel/server/helpers";
import { at, DAY, HOUR, liveBody, startLiveWrites, type Demo } from "./live-writes-helpers";

/**
 * What the live and sub-class forms' pickers hold a person to, held by the server too (issue 16:
 * 3.12, 3.13, 3.15): a start not more than a day past, on adding and on moving a start; a
 * sub-class within its main classroom's times and named once under it.
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
const add = (extra: Body = {}) => api(admin, liveApi.create, body(extra));
const change = (extra: Body) => api(admin, liveApi.update, { title: "已修改", initnum: -1, ...extra });
const idOf = (answer: { data: unknown }) => (answer.data as { Id: number }).Id;
const row = (id: number) => s.db.kysely.selectFrom("lives").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

const tooEarly = "开始时间不能早于当前时间前一天";

describe("a start not more than a day past (2 §5: the start picker offers now minus one day on)", () => {
  it("refuses an added live starting a week ago, naming the start, and takes one starting 23 hours ago", async () => {
    const weekAgo = Date.now() - 7 * DAY;
    expect(await add({ begintime: at(weekAgo), endtime: at(weekAgo + HOUR) })).toMatchObject({ code: 400, msg: tooEarly, data: { field: "begintime" } });
    const lately = Date.now() - 23 * HOUR;
    expect(await add({ begintime: at(lately), endtime: at(lately + HOUR) })).toMatchObject({ code: 0 });
  });

  it("refuses moving a live's start to a week ago, and keeps a start long past when it is not moved", async () => {
    const id = idOf(await add());
    const weekAgo = Date.now() - 7 * DAY;
    expect(await change({ id, begintime: at(weekAgo), endtime: at(weekAgo + HOUR) })).toMatchObject({ code: 400, msg: tooEarly, data: { field: "begintime" } });
    expect((await row(id)).begin_time).toBe(start);
    // A live of two days ago, its start fixed since it began: its title and end still change.
    const old = Date.now() - 2 * DAY;
    await s.db.kysely.updateTable("lives").set({ begin_time: Math.floor(old / 1000) * 1000, end_time: Math.floor(old / 1000) * 1000 + HOUR }).where("id", "=", id).execute();
    expect(await change({ id, begintime: at(old), endtime: at(old + 2 * HOUR) })).toMatchObject({ code: 0 });
  });
});

describe("a sub-class of a main classroom (2 §5)", () => {
  let master: number;
  const masterBegin = () => start + 10 * DAY;
  const sub = (extra: Body = {}) =>
    add({ courseid: d.doubleTeacher.id, masterid: master, subClassName: "一班", begintime: at(masterBegin()), endtime: at(masterBegin() + 2 * HOUR), ...extra });
  beforeAll(async () => {
    master = idOf(await add({ courseid: d.doubleTeacher.id, title: "主教室", begintime: at(masterBegin()), endtime: at(masterBegin() + 2 * HOUR) }));
  });

  it("is held within its main classroom's times, on adding and on changing", async () => {
    const outside = `子班级时间须在主教室时间（${at(masterBegin())} ~ ${at(masterBegin() + 2 * HOUR)}）之内`;
    expect(await sub({ subClassName: "早班", begintime: at(masterBegin() - HOUR) })).toMatchObject({ code: 400, msg: outside, data: { field: "begintime" } });
    expect(await sub({ subClassName: "晚班", endtime: at(masterBegin() + 3 * HOUR) })).toMatchObject({ code: 400, msg: outside, data: { field: "endtime" } });
    const inside = await sub({ subClassName: "中班", begintime: at(masterBegin() + HOUR / 2), endtime: at(masterBegin() + HOUR) });
    expect(inside).toMatchObject({ code: 0 });
    const id = idOf(inside);
    expect(await change({ id, subClassName: "中班", begintime: at(masterBegin() + HOUR), endtime: at(masterBegin() + 5 * HOUR) })).toMatchObject({ code: 400, msg: outside, data: { field: "endtime" } });
    expect(await row(id)).toMatchObject({ end_time: masterBegin() + HOUR });
  });

  it("is named once under its main classroom: 该主教室下已有同名子班级, a voided one's name free again", async () => {
    const first = await sub({ subClassName: "三班" });
    expect(first).toMatchObject({ code: 0 });
    expect(await sub({ subClassName: " 三班 " })).toMatchObject({ code: 400, msg: "该主教室下已有同名子班级", data: { field: "subClassName" } });
    const other = idOf(await sub({ subClassName: "四班" }));
    expect(await change({ id: other, subClassName: "三班", begintime: at(masterBegin()), endtime: at(masterBegin() + HOUR) })).toMatchObject({ code: 400, msg: "该主教室下已有同名子班级" });
    // Its own name is no clash.
    expect(await change({ id: other, subClassName: "四班", begintime: at(masterBegin()), endtime: at(masterBegin() + HOUR) })).toMatchObject({ code: 0 });
    await api(admin, liveApi.update, { id: idOf(first), status: 0 });
    expect(await sub({ subClassName: "三班" })).toMatchObject({ code: 0 });
  });

  it("lets one of five parallel adds of a name land, on either server", async () => {
    const twin = await s.twin();
    const viaTwin = async () => (await twin.inject({ method: "POST", url: "/cms/live", payload: body({ courseid: d.doubleTeacher.id, masterid: master, subClassName: "五班", begintime: at(masterBegin()), endtime: at(masterBegin() + HOUR) }), headers: { cookie: admin } })).json() as { code: number };
    const answers = await Promise.all([sub({ subClassName: "五班" }), sub({ subClassName: "五班" }), viaTwin(), viaTwin(), sub({ subClassName: "五班" })]);
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    const named = await s.db.kysely.selectFrom("lives").select("id").where("master_id", "=", master).where("sub_class_name", "=", "五班").execute();
    expect(named).toHaveLength(1);
  });

  it("lets one of parallel renames to a name land, on either server", async () => {
    const ids: number[] = [];
    for (const name of ["六班", "七班", "九班", "十班", "十一班", "十二班"]) ids.push(idOf(await sub({ subClassName: name })));
    const rename = { title: "改名", begintime: at(masterBegin()), endtime: at(masterBegin() + HOUR), subClassName: "八班", initnum: -1 };
    const twin = await s.twin();
    const viaTwin = async (id: number) => (await twin.inject({ method: "PATCH", url: "/cms/live", payload: { id, ...rename }, headers: { cookie: admin } })).json() as { code: number };
    const answers = await Promise.all(ids.map((id, n) => (n % 2 ? viaTwin(id) : change({ id, ...rename }))));
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    const named = await s.db.kysely.selectFrom("lives").select("id").where("master_id", "=", master).where("sub_class_name", "=", "八班").execute();
    expect(named).toHaveLength(1);
  });
});
