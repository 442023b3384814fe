import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalApi } from "../../../resources/portal/portal";
import { rechargeApi } from "../../../resources/billing/recharge";
import { savePermissions } from "../../../resources/kernel/menu";
import { defaultRateLimits } from "../../../server/rate-limit-settings";
import { demoTradeNos } from "../../../server/seed/portal";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { DAY, fixtures, HOUR, identityOf, orgId } from "./portal-helpers";
import { call } from "../../users/server/users-helpers";

/**
 * The calendar feed (issue 11 item 5) and the payment result query (3 §7.3): a secret address that
 * answers valid iCalendar with the right UTC times and dies when replaced or stopped, and an order
 * answered to its own organisation's admins only.
 */

let s: TestServer;
let teacher: string;
const ids: Record<string, number> = {};
const T = Date.now();

interface Event {
  [property: string]: string;
}

/**
 * Reads iCalendar text as RFC 5545 has it: CRLF line ends, physical lines of at most 75 octets,
 * folded lines unfolded, BEGIN/END properly nested, and the properties every calendar and event
 * must carry. Answers the calendar's own properties and its events.
 */
function parseIcs(text: string): { calendar: Event; events: Event[] } {
  expect(text.endsWith("\r\n")).toBe(true);
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) {
    expect(line).not.toContain("\n");
    expect(Buffer.byteLength(line, "utf8"), line).toBeLessThanOrEqual(75);
  }
  const lines: string[] = [];
  for (const line of physical) if (/^[ \t]/.test(line)) lines[lines.length - 1] += line.slice(1);
  else lines.push(line);
  const stack: string[] = [];
  const calendar: Event = {};
  const events: Event[] = [];
  for (const line of lines) {
    const colon = line.indexOf(":");
    expect(colon, line).toBeGreaterThan(0);
    const name = line.slice(0, colon).split(";")[0];
    const value = line.slice(colon + 1);
    if (name === "BEGIN") {
      stack.push(value);
      if (value === "VEVENT") events.push({});
    } else if (name === "END") expect(stack.pop()).toBe(value);
    else if (stack.at(-1) === "VEVENT") events[events.length - 1][name] = value;
    else if (stack.at(-1) === "VCALENDAR") calendar[name] = value;
  }
  expect(stack).toEqual([]);
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(calendar.VERSION).toBe("2.0");
  expect(calendar.PRODID).toBeTruthy();
  for (const event of events) for (const required of ["UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"]) expect(event[required], required).toBeTruthy();
  return { calendar, events };
}

/** 20260102T110000Z for a moment. */
const utc = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

const fetchFeed = (path: string) => s.app.inject({ url: path });

async function newAddress(cookie: string): Promise<string> {
  const { body } = await call(s.app, cookie, portalApi.feedCreate);
  expect(body.code, body.msg).toBe(0);
  return (body.data as { path: string }).path;
}

beforeAll(async () => {
  s = await startTestServer();
  teacher = await signIn(s.app, "13800000001", "teacher");
  const school = await orgId(s.db, "示例学校");
  const f = fixtures(s.db);
  const t = await identityOf(s.db, "13800000001", school, "teacher");
  const course = await f.course(school, "日历课");
  const live = async (key: string, begin: number, voided = 0) => {
    ids[key] = await f.live(school, course, `日历·${key}`, begin, begin + HOUR, { voided });
    await f.staff(ids[key], t, "teacher");
  };
  await live("tomorrow", T + DAY);
  await live("lastWeek", T - 7 * DAY);
  await live("farAhead", T + 100 * DAY);
  await live("longAgo", T - 40 * DAY);
  await live("voided", T + 2 * DAY, 1);
});
afterAll(() => s.close());

describe("the calendar feed", () => {
  it("answers valid iCalendar of the person's lives from 30 days back to 90 ahead, in UTC, with no session", async () => {
    const status = await call(s.app, teacher, portalApi.feedStatus);
    expect(status.body.data).toEqual({ active: false, createTime: "" });
    const path = await newAddress(teacher);
    expect(path).toMatch(/^\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call(s.app, teacher, portalApi.feedStatus)).body.data).toEqual({ active: true, createTime: expect.any(String) });

    const res = await fetchFeed(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    const { calendar, events } = parseIcs(res.body);
    expect(calendar["X-WR-CALNAME"]).toBe("示例学校 · 我的直播");
    const byUid = new Map(events.map((e) => [e.UID, e]));
    const tomorrow = byUid.get(`live-${ids.tomorrow}@lectern`)!;
    expect(tomorrow).toMatchObject({ SUMMARY: "日历·tomorrow", DTSTART: utc(T + DAY), DTEND: utc(T + DAY + HOUR) });
    expect(tomorrow.DESCRIPTION).toContain("课程：日历课");
    expect(tomorrow.DESCRIPTION).toContain("主讲：李老师");
    expect(byUid.has(`live-${ids.lastWeek}@lectern`)).toBe(true);
    for (const outside of [ids.farAhead, ids.longAgo, ids.voided]) expect(byUid.has(`live-${outside}@lectern`)).toBe(false);
    // The demo teacher's own seeded lives are there too, and nobody else's.
    const staffed = await s.db.kysely.selectFrom("live_staff").select("live_id").where("identity_id", "=", await identityOf(s.db, "13800000001", await orgId(s.db, "示例学校"), "teacher")).execute();
    const mine = new Set(staffed.map((r) => `live-${r.live_id}@lectern`));
    for (const uid of byUid.keys()) expect(mine.has(uid), uid).toBe(true);
  });

  it("keeps the secret hashed, and a new address kills the old one", async () => {
    const first = await newAddress(teacher);
    const secret = first.match(/([A-Za-z0-9_-]{43})\.ics$/)![1];
    const stored = await s.db.kysely.selectFrom("calendar_feeds").select("secret_hash").execute();
    expect(stored.map((r) => r.secret_hash)).not.toContain(secret);
    const second = await newAddress(teacher);
    expect(second).not.toBe(first);
    const gone = await fetchFeed(first);
    expect([gone.statusCode, gone.json()]).toEqual([404, { code: 404, data: null, msg: "日历订阅地址不存在或已失效" }]);
    expect((await fetchFeed(second)).statusCode).toBe(200);
  });

  it("stops when revoked, and answers 404 for an address nobody has", async () => {
    const path = await newAddress(teacher);
    expect((await call(s.app, teacher, portalApi.feedRevoke)).body.code).toBe(0);
    expect((await fetchFeed(path)).statusCode).toBe(404);
    expect((await call(s.app, teacher, portalApi.feedStatus)).body.data).toMatchObject({ active: false });
    for (const made of ["/api/v1/calendar/nothing.ics", `/api/v1/calendar/${"a".repeat(43)}.ics`, `/api/v1/calendar/${"a".repeat(43)}.txt`])
      expect((await fetchFeed(made)).json()).toMatchObject({ code: 404 });
  });

  it("dies with its identity", async () => {
    const student = await signIn(s.app, "13800000003", "student");
    const path = await newAddress(student);
    expect((await fetchFeed(path)).statusCode).toBe(200);
    const school = await orgId(s.db, "示例学校");
    await s.db.kysely.deleteFrom("identities").where("id", "=", await identityOf(s.db, "13800000003", school, "student")).execute();
    expect((await fetchFeed(path)).statusCode).toBe(404);
  });

  it("is bounded per address", async () => {
    const path = await newAddress(teacher);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await fetchFeed(path)).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });

  it("holds its per-address limit across two processes on one database", async () => {
    const path = await newAddress(teacher);
    const twin = await s.twin();
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await (i % 2 ? twin : s.app).inject({ url: path })).statusCode);
    expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(codes[60]).toBe(429);
  });

  it("is made and stopped by portal identities only", async () => {
    const admin = await signIn(s.app, "13800000000", "admin");
    for (const endpoint of [portalApi.feedStatus, portalApi.feedCreate, portalApi.feedRevoke]) {
      expect((await call(s.app, admin, endpoint)).body.code).toBe(403);
      expect((await call(s.app, "", endpoint)).body.code).toBe(401);
    }
  });
});

describe("guessing calendar addresses", () => {
  it("counts every wrong secret against the client's address", async () => {
    const few = await startTestServer({ seed: false, config: { rateLimits: { ...defaultRateLimits, feedPerIp: { max: 3, windowMs: 60_000 } } } });
    try {
      const guess = (i: number) => few.app.inject({ url: `/api/v1/calendar/${String(i).padStart(43, "x")}.ics` });
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await guess(i)).statusCode);
      expect(codes).toEqual([404, 404, 404, 429]);
    } finally {
      await few.close();
    }
  });
});

describe("the payment result query", () => {
  it("answers the organisation's paid and pending orders", async () => {
    const admin = await signIn(s.app, "13800000000", "admin");
    expect((await call(s.app, admin, rechargeApi.resultQuery, { trade_no: demoTradeNos.paid })).body.data).toEqual({
      trade_no: demoTradeNos.paid,
      status: "paid",
      fee: 1000,
      way: "wechatpay",
      CreateTime: expect.any(String),
      PayTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect((await call(s.app, admin, rechargeApi.resultQuery, { trade_no: demoTradeNos.pending })).body.data).toMatchObject({ status: "pending", fee: 3000, PayTime: "" });
  });

  it("says 订单不存在 for an unknown number and for another organisation's, and refuses the wrong people", async () => {
    const admin = await signIn(s.app, "13800000000", "admin");
    expect((await call(s.app, admin, rechargeApi.resultQuery, { trade_no: "NOSUCHORDER" })).body).toMatchObject({ code: 404, msg: "订单不存在" });
    expect((await call(s.app, admin, rechargeApi.resultQuery, {})).body).toMatchObject({ code: 400, msg: "缺少订单号" });
    expect((await call(s.app, admin, rechargeApi.resultQuery, { trade_no: "a b" })).body).toMatchObject({ code: 400, msg: "订单号不正确" });
    const otherAdmin = await signIn(s.app, "13900000000", "admin");
    expect((await call(s.app, otherAdmin, rechargeApi.resultQuery, { trade_no: demoTradeNos.paid })).body).toMatchObject({ code: 404, msg: "订单不存在" });
    expect((await call(s.app, teacher, rechargeApi.resultQuery, { trade_no: demoTradeNos.paid })).body).toMatchObject({ code: 403 });
    // The sub-admin with user management only has no recharge menu; granted it, it may ask.
    const subadmin = await signIn(s.app, "13800000004", "admin");
    expect((await call(s.app, subadmin, rechargeApi.resultQuery, { trade_no: demoTradeNos.paid })).body).toMatchObject({ code: 403 });
    await s.db.kysely.updateTable("identities").set({ userop: JSON.stringify(savePermissions(["recharge"])) }).where("role", "=", "subadmin").where("name", "=", "周主管").execute();
    expect((await call(s.app, subadmin, rechargeApi.resultQuery, { trade_no: demoTradeNos.paid })).body).toMatchObject({ code: 0, data: { status: "paid" } });
  });
});
