import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { monitorApi, todaySessionsQuery, type MonitorRow, type StudentStatus } from "../../../resources/live-monitor/monitor-api";
import { toolApi, toolPages } from "../../../resources/tools/tools";
import { hostPrefixes } from "../../../server/config";
import { signRoomToken } from "../../../server/services/rooms/room-token";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { eventually, identityOf, listening, makeLive, MINUTE, openRoom, type RoomPage } from "../../rooms/server/rooms-helpers";
import { call } from "../../users/server/users-helpers";

/**
 * The live monitor's calls (issue 20 items 3, 4, 9, 11): the lives in the window with the people in
 * each room, a live's students with who is online, and the refusals (a window not in the list,
 * paging out of bounds, another organisation's live, callers without the monitor's key). On
 * SQLite, and on PostgreSQL with DATABASE_URL.
 */
let s: TestServer;
let ws: string;
let org: number;
let admin: string;
let otherAdmin: string;
let subAdmin: string;
let teacher: string;
const students: number[] = [];
const pages: RoomPage[] = [];

beforeAll(async () => {
  s = await startTestServer();
  ws = await listening(s.app);
  org = (await identityOf(s.db, "13800000000", "admin")).org_id;
  [admin, otherAdmin, subAdmin, teacher] = await Promise.all([
    signIn(s.app, "13800000000", "admin"),
    signIn(s.app, "13900000000", "admin"),
    signIn(s.app, "13800000004", "admin"),
    signIn(s.app, "13800000001", "teacher"),
  ]);
  const rows = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", org).where("role", "=", "student").orderBy("id").limit(4).execute();
  students.push(...rows.map((r) => r.id));
}, 120_000);
afterAll(async () => {
  for (const p of pages) p.socket.terminate();
  await s?.close();
});

/** A page in the live's room as a student of it, or as a share-link guest (identity 0). */
async function enter(liveId: number, identityId: number, name: string): Promise<RoomPage> {
  const key = tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
  const role = identityId ? "student" : "guest";
  const viewer = identityId ? `i${identityId}` : `a${Math.random().toString(36).slice(2)}`;
  const token = signRoomToken(key, { orgId: org, liveId, identityId, userType: 0, role, key: viewer, name, playType: 1, exparam: "" });
  const page = openRoom(ws, token);
  pages.push(page);
  await page.next("welcome");
  return page;
}

const lives = (params: Record<string, unknown>, cookie = admin) => call(s.app, cookie, monitorApi.lives, { page: 1, count: 100, ...params });
const status = (params: Record<string, unknown>, cookie = admin) => call(s.app, cookie, monitorApi.students, { page: 1, count: 10, ...params });
const rowOf = async (liveId: number, params: Record<string, unknown> = {}) => ((await lives(params)).body.data as MonitorRow[]).find((r) => r.id === liveId);

describe("the live monitor (livemonitor)", () => {
  it("lists the lives of the window with the people in each room now, of the chosen class type", async () => {
    const now = Date.now();
    const running = await makeLive(s.db, { org, begin: now - 10 * MINUTE, end: now + 50 * MINUTE, scale: 1 });
    // Starts in three hours: inside the default 4 h window, outside 2 h.
    const later = await makeLive(s.db, { org, begin: now + 180 * MINUTE, end: now + 240 * MINUTE, scale: 0 });
    const voided = await makeLive(s.db, { org, begin: now - 10 * MINUTE, end: now + 50 * MINUTE, voided: true });

    await enter(running.liveId, students[0], "甲");
    const b = await enter(running.liveId, students[1], "乙");
    // The same student on a second page is still one person.
    await enter(running.liveId, students[0], "甲");
    expect(await rowOf(running.liveId)).toMatchObject({ id: running.liveId, courseid: running.courseId, title: "房间测试直播", livetype: 1, usernum: 2 });
    expect((await rowOf(running.liveId))?.begintime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    expect(await rowOf(later.liveId)).toMatchObject({ usernum: 0, livetype: 0 });
    expect(await rowOf(later.liveId, { ts: 7200 })).toBeUndefined();
    expect(await rowOf(voided.liveId)).toBeUndefined();
    expect(await rowOf(running.liveId, { scale: 0 })).toBeUndefined();
    expect(await rowOf(later.liveId, { scale: 0 })).toBeDefined();
    expect(await rowOf(running.liveId, { scale: -1, ts: 86400 })).toBeDefined();

    await b.close();
    await eventually(async () => (await rowOf(running.liveId))?.usernum === 1);
  });

  it("pages with a count and answers the session pickers' 1000 at once (3 §7.4)", async () => {
    const all = await lives({ count: 1000, scale: -1, ts: 43200 });
    expect(all.body.code).toBe(0);
    const total = all.body.count!;
    expect((all.body.data as MonitorRow[]).length).toBe(Math.min(total, 1000));
    const first = await lives({ count: 1, page: 1 });
    expect(first.body.count).toBe((await lives({})).body.count);
    expect((first.body.data as MonitorRow[]).length).toBe(1);
    // A page past the last is empty, not an error.
    const past = await lives({ count: 10, page: 100000 });
    expect(past.body).toMatchObject({ code: 0, data: [] });
  });

  it("refuses a window not in the list, a class type not in the list and paging out of bounds, in Chinese", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ts: 3600 }, "监控范围只能是前后2、4、8、12或24小时"],
      [{ ts: "abc" }, "监控范围只能是前后2、4、8、12或24小时"],
      [{ scale: 3 }, "班型不正确"],
      [{ count: 0 }, "每页条数应为1-1000"],
      [{ count: 1001 }, "每页条数应为1-1000"],
      [{ page: 0 }, "页码不正确"],
      [{ page: -1 }, "页码不正确"],
    ];
    for (const [params, msg] of cases) {
      const res = await lives(params);
      expect(res.status, JSON.stringify(params)).toBe(200);
      expect(res.body.code).not.toBe(0);
      expect(res.body.msg).toBe(msg);
    }
  });

  it("shows an organisation only its own lives", async () => {
    const now = Date.now();
    const mine = await makeLive(s.db, { org, begin: now, end: now + 30 * MINUTE });
    const theirs = ((await lives({ count: 1000 }, otherAdmin)).body.data as MonitorRow[]).map((r) => r.id);
    expect(theirs).not.toContain(mine.liveId);
  });
});

describe("who is online (userlivestatus)", () => {
  it("lists the course's students with who is in the room, their nickname, device and time, and the totals", async () => {
    const now = Date.now();
    const { liveId, courseId } = await makeLive(s.db, { org, begin: now - 10 * MINUTE, end: now + 50 * MINUTE, courseStudents: students.slice(0, 3) });
    const a = await enter(liveId, students[0], "甲同学");
    await enter(liveId, students[1], "乙同学");
    await enter(liveId, 0, "访客");

    const res = await status({ liveid: liveId, courseid: courseId });
    expect(res.body.code).toBe(0);
    const data = res.body.data as StudentStatus;
    expect(data).toMatchObject({ total: 3, onlinenum: 2, sharenum: 1, title: "房间测试直播", count: 3 });
    expect(res.body.count).toBe(3);
    // The newest enrolment first (enrolled together here: the later student first).
    expect(data.users.map((u) => [u.userid, u.status])).toEqual([
      [students[2], 0],
      [students[1], 1],
      [students[0], 1],
    ]);
    const byId = new Map(data.users.map((u) => [u.userid, u]));
    expect(byId.get(students[0])).toMatchObject({ username: "甲同学", device: "pc", status: 1 });
    expect(byId.get(students[2])).toMatchObject({ username: "", device: "", status: 0, onlinets: 0 });
    expect(byId.get(students[0])!.mobile).toMatch(/^1\d{10}$/);

    const online = (await status({ liveid: liveId, online: 1 })).body.data as StudentStatus;
    expect(online.users.map((u) => u.userid).sort()).toEqual([students[0], students[1]].sort());
    expect(online.count).toBe(2);
    const offline = (await status({ liveid: liveId, online: 0 })).body.data as StudentStatus;
    expect(offline.users.map((u) => u.userid)).toEqual([students[2]]);
    expect(offline).toMatchObject({ count: 1, total: 3, onlinenum: 2 });

    // One leaves: offline, the time they were there kept.
    await a.close();
    await eventually(async () => ((await status({ liveid: liveId, online: 0 })).body.data as StudentStatus).count === 2);
    const after = (await status({ liveid: liveId })).body.data as StudentStatus;
    expect(after.users.find((u) => u.userid === students[0])).toMatchObject({ status: 0, username: "甲同学" });

    const paged = (await status({ liveid: liveId, count: 1, page: 3 })).body.data as StudentStatus;
    expect(paged.users).toHaveLength(1);
    expect(paged.count).toBe(3);
  });

  it("counts online seconds within the live only", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - 60 * MINUTE, end: now + 60 * MINUTE, courseStudents: [students[3]] });
    // A visit of ten minutes during the live, written as the room writes them.
    await s.db.kysely
      .insertInto("room_visits")
      .values({ org_id: org, live_id: liveId, identity_id: students[3], viewer_key: `i${students[3]}`, username: "丁", role: "student", play_type: 1, device: "android", node: "x", conn: `c-${liveId}`, entered_at: now - 30 * MINUTE, left_at: now - 20 * MINUTE, seen_at: now - 20 * MINUTE })
      .execute();
    const row = ((await status({ liveid: liveId })).body.data as StudentStatus).users[0];
    expect(row).toMatchObject({ status: 0, onlinets: 600, device: "android", username: "丁" });
  });

  it("refuses another organisation's live, a course that is not the live's, a bad filter and paging out of bounds", async () => {
    const now = Date.now();
    const { liveId, courseId } = await makeLive(s.db, { org, begin: now, end: now + 30 * MINUTE, courseStudents: students.slice(0, 1) });
    const foreign = await status({ liveid: liveId, courseid: courseId }, otherAdmin);
    expect(foreign.body).toMatchObject({ code: 404, msg: "直播不存在" });
    expect((await status({ liveid: liveId, courseid: courseId + 100000 })).body.msg).toBe("该直播不属于此课程");
    const cases: [Record<string, unknown>, string][] = [
      [{ liveid: liveId, online: 2 }, "在线状态不正确"],
      [{ liveid: "x" }, "直播编号不正确"],
      [{}, "直播编号不正确"],
      [{ liveid: liveId, courseid: 0 }, "课程编号不正确"],
      [{ liveid: liveId, count: 101 }, "每页条数应为1-100"],
      [{ liveid: liveId, page: 0 }, "页码不正确"],
    ];
    for (const [params, msg] of cases) {
      const res = await status(params);
      expect(res.status, JSON.stringify(params)).toBe(200);
      expect(res.body.msg, JSON.stringify(params)).toBe(msg);
    }
    expect((await status({ liveid: 999999999 })).body).toMatchObject({ code: 404, msg: "直播不存在" });
  });
});

describe("who may call the monitor", () => {
  it("refuses a signed-out caller, a teacher and a sub-admin without the monitor's key", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now, end: now + 30 * MINUTE });
    expect((await lives({}, "")).status).toBe(401);
    expect((await status({ liveid: liveId }, "")).status).toBe(401);
    for (const cookie of [teacher, subAdmin]) {
      expect((await lives({}, cookie)).status).toBe(403);
      expect((await status({ liveid: liveId }, cookie)).status).toBe(403);
    }
  });
});

describe("the AI chat frame (3 §2.4 /aichat)", () => {
  it("hands the aichat tool a token and picks from today's sessions; the sandbox open platform names the tool", async () => {
    const token = await call(s.app, admin, toolApi.token, { tool: toolPages.aichat.name });
    expect(token.body.code).toBe(0);
    expect((token.body.data as { token: string }).token).toBeTruthy();
    expect((await call(s.app, subAdmin, toolApi.token, { tool: toolPages.aichat.name })).status).toBe(403);
    expect((await lives(todaySessionsQuery)).body.code).toBe(0);
    const page = await s.app.inject({ url: `${hostPrefixes.openIframe}${toolPages.aichat.subPath}?token=x&liveId=1` });
    expect(page.body).toContain(toolPages.aichat.title);
  });
});
