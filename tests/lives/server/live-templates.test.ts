import { afterAll, beforeAll, describe, expect, it } from "vitest";
import emulateTemplate from "../../../resources/lives/emulate-template";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import type { EmulateTemplateRecord } from "../../../resources/lives/live-api";
import { caller } from "../../courses/server/courses-helpers";
import { signIn, startSignedIn, type TestServer } from "../../kernel/server/helpers";
import { at, DAY, demo, HOUR, staff } from "./live-writes-helpers";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

/**
 * Simulated-live templates (2 §2 /fzLiveTemplate, /createFzLive, /changeFzLive; §3, §7) on the
 * resource engine: add, list and search, get, change (the live type stays), one-way void, the
 * staff read back to the organisation's people, and another school's templates out of reach.
 */

let s: TestServer;
let admin: string;
let api: ReturnType<typeof caller>;
let d: Awaited<ReturnType<typeof demo>>;
const { api: calls } = emulateTemplate;
const call = (endpoint: Endpoint | undefined, params: Record<string, unknown> = {}, cookie = admin) => api(cookie, endpoint!, params);

beforeAll(async () => {
  ({ s, admin } = await startSignedIn());
  api = caller(s.app);
  d = await demo(s.db);
});
afterAll(() => s.close());

const begin = Date.UTC(2025, 5, 1, 11);
const form = (extra: Record<string, unknown> = {}) => ({
  title: "春季招生宣讲",
  livetype: 1,
  begintime: at(begin),
  endtime: at(begin + 2 * HOUR),
  teachers: staff(d.teacher),
  assistants: staff(d.assistant),
  detail: "往期录播",
  ...extra,
});
const rows = async (query: Record<string, unknown> = {}) => (await call(calls.search, { page: 1, count: 100, ...query })).data as EmulateTemplateRecord[];

describe("simulated-live templates", () => {
  let created: EmulateTemplateRecord;

  it("adds one, answering the record with Status 1 and its staff named by the organisation", async () => {
    const answer = await call(calls.create, form({ teachers: JSON.stringify([{ account: d.teacher.id, name: "别名" }]) }));
    expect(answer).toMatchObject({ code: 0, msg: "添加成功" });
    created = answer.data as EmulateTemplateRecord;
    expect(created).toMatchObject({ Title: "春季招生宣讲", LiveType: 1, BeginTime: at(begin), EndTime: at(begin + 2 * HOUR), Teachers: staff(d.teacher), Assistants: staff(d.assistant), Status: 1, Detail: "往期录播" });
    expect(await call(calls.get, { id: created.Id })).toMatchObject({ code: 0, data: created });
  });

  it("lists the seeded and added ones newest start first, and searches by title and start", async () => {
    const all = (await call(calls.list, { page: 1, count: 5 })) as { data: EmulateTemplateRecord[]; count: number };
    expect(all.count).toBe(4);
    const starts = all.data.map((t) => t.BeginTime);
    expect([...starts].sort().reverse()).toEqual(starts);
    expect((await rows({ title: "招生" })).map((t) => t.Title)).toEqual(expect.arrayContaining(["春季招生宣讲", "招生宣讲·往期精华"]));
    expect((await rows({ title: "招生" })).every((t) => t.Title.includes("招生"))).toBe(true);
    expect((await rows({ begintime: "2025-06-01", endtime: "2025-06-01" })).map((t) => t.Id)).toEqual([created.Id]);
    expect(await rows({ begintime: "2025-06-02" })).not.toContainEqual(expect.objectContaining({ Id: created.Id }));
  });

  it("applies the live form's time rules and its own title rule", async () => {
    expect(await call(calls.create, form({ title: " " }))).toMatchObject({ code: 400, msg: "请输入模板名称" });
    expect(await call(calls.create, form({ endtime: at(begin) }))).toMatchObject({ code: 400, msg: "结束时间要大于开始时间" });
    expect(await call(calls.create, form({ endtime: at(begin + DAY + 2000) }))).toMatchObject({ code: 400, msg: "直播时间不能超过一天" });
    expect(await call(calls.create, form({ livetype: 5 }))).toMatchObject({ code: 400, msg: "请选择直播类型" });
    expect(await call(calls.create, form({ begintime: "2025-02-30 10:00:00", endtime: "2025-03-01 10:00:00" }))).toMatchObject({ code: 400 });
    expect(await call(calls.create, form({ teachers: staff(d.otherTeacher) }))).toMatchObject({ code: 400, msg: "所选老师不存在或已被删除，请重新选择" });
  });

  it("changes one, keeping its live type whatever is sent (修改成功)", async () => {
    const answer = await call(calls.update, { ...form({ title: "秋季招生宣讲", livetype: 6, teachers: staff(...d.teachers.slice(0, 4)) }), id: created.Id });
    expect(answer).toMatchObject({ code: 0, msg: "修改成功", data: { Id: created.Id, Title: "秋季招生宣讲", LiveType: 1, Teachers: staff(...d.teachers.slice(0, 4)) } });
  });

  it("voids one for good (作废成功): it leaves the list and get-one, and cannot be voided or changed again", async () => {
    expect(await call(calls.remove, { id: created.Id })).toMatchObject({ code: 0, msg: "作废成功" });
    expect(await rows()).not.toContainEqual(expect.objectContaining({ Id: created.Id }));
    expect(await call(calls.get, { id: created.Id })).toMatchObject({ code: 404 });
    expect(await call(calls.remove, { id: created.Id })).toMatchObject({ code: 404 });
    expect(await call(calls.update, { ...form(), id: created.Id })).toMatchObject({ code: 404 });
    const row = await s.db.kysely.selectFrom("emulate_templates").select("voided").where("id", "=", created.Id).executeTakeFirstOrThrow();
    expect(row.voided).toBe(1);
  });

  it("keeps another school's templates out of reach", async () => {
    const other = await signIn(s.app, "13900000000", "admin");
    const [mine] = await rows();
    expect((await call(calls.list, { page: 1, count: 10 }, other)).count).toBe(0);
    expect(await call(calls.get, { id: mine.Id }, other)).toMatchObject({ code: 404 });
    expect(await call(calls.update, { ...form(), id: mine.Id }, other)).toMatchObject({ code: 404 });
    expect(await call(calls.remove, { id: mine.Id }, other)).toMatchObject({ code: 404 });
    expect(await call(calls.get, { id: mine.Id })).toMatchObject({ code: 0 });
  });
});
