import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveStatsApi, type AttendanceRow, type CourseAttendanceRow, type ViewerLogRow, type ViewerSummaryRow } from "../../../resources/live-stats/live-stats-api";
import { concurrencyLine } from "../../../server/services/live-stats/figures";
import { formatDateTime } from "../../../server/services/datetime";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { freezeClock } from "../../kernel/support/clock";
import { call } from "../../users/server/users-helpers";
import { identityOf, makeLive } from "../../rooms/server/rooms-helpers";

// The live below is held on 2026-11-20; its figures are read four days later (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

const MIN = 60_000;
const at = (h: number, m: number, sec = 0) => new Date(2026, 10, 20, h, m, sec).getTime();

let s: TestServer;
let admin: string;
let second: string;
let liveId: number;
let courseId: number;
let ids: { student: number; teacher: number; absent: number; org: number };

interface Visit {
  key: string;
  name: string;
  role: string;
  identity?: number;
  device: string;
  ip: string;
  from: number;
  to: number | null;
  play?: 1 | 2;
  live?: number;
}

async function visit(v: Visit, n: number) {
  await s.db.kysely
    .insertInto("room_visits")
    .values({
      org_id: ids.org,
      live_id: v.live ?? liveId,
      identity_id: v.identity ?? null,
      viewer_key: v.key,
      username: v.name,
      role: v.role,
      play_type: v.play ?? 1,
      device: v.device,
      ip: v.ip,
      exparam: v.role === "guest" ? `ex${n}` : "",
      node: "test",
      conn: `c${n}-${v.key}-${v.from}`,
      entered_at: v.from,
      left_at: v.to,
      seen_at: v.to ?? v.from,
      duration_seconds: v.to === null ? 0 : Math.floor((v.to - v.from) / 1000),
    })
    .execute();
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await signIn(s.app, "13800000000", "admin");
  second = await signIn(s.app, "13900000000", "admin");
  const student = await identityOf(s.db, "13800000003", "student");
  const teacher = await identityOf(s.db, "13800000001", "teacher");
  const absent = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", student.org_id).where("role", "=", "student").where("id", "!=", student.id).executeTakeFirstOrThrow();
  ids = { student: student.id, teacher: teacher.id, absent: absent.id, org: student.org_id };
  ({ liveId, courseId } = await makeLive(s.db, { org: ids.org, begin: at(10, 0), end: at(11, 0), teachers: [ids.teacher] }));
  const me = { key: `i${ids.student}`, name: "赵同学", role: "student", identity: ids.student };
  const visits: Visit[] = [
    { key: `i${ids.teacher}`, name: "李老师", role: "teacher", identity: ids.teacher, device: "pc", ip: "3.3.3.3", from: at(9, 55), to: at(11, 2) },
    { key: "g-def", name: "游客乙", role: "guest", device: "ipad", ip: "2.2.2.2", from: at(9, 58), to: at(10, 5) },
    { ...me, device: "pc", ip: "1.1.1.1", from: at(10, 0), to: at(10, 50) },
    { key: "g-abc", name: "游客甲", role: "guest", device: "ios", ip: "1.1.1.1", from: at(10, 10), to: at(10, 20) },
    { key: "g-h5", name: "游客丙", role: "guest", device: "h5", ip: "4.4.4.4", from: at(10, 30), to: at(10, 30, 30) },
    { ...me, device: "android", ip: "1.1.1.2", from: at(10, 40), to: at(11, 0) },
    // Its playback, two days later: not the live's figures.
    { ...me, device: "pc", ip: "1.1.1.1", from: at(10, 0) + 2 * 86_400_000, to: at(10, 10) + 2 * 86_400_000, play: 2 },
  ];
  for (const [n, v] of visits.entries()) await visit(v, n);
  // The closing job marked an enrolled student who never came as absent.
  await s.db.kysely.insertInto("attendance").values({ live_id: liveId, identity_id: ids.absent, play_type: 1, online_seconds: 0, check_state: "undo", joined_at: at(11, 0) }).execute();
});

afterAll(async () => {
  await s?.close();
});

describe("the per-live stat calls (3 §7.4b)", () => {
  it("counts the viewers of each device, the distinct viewers and addresses, and the seconds present", async () => {
    const device = await call(s.app, admin, liveStatsApi.device, { roomid: liveId });
    expect(device.body).toMatchObject({ code: 0, data: { pc_usernum: 2, android_usernum: 1, ios_usernum: 1, ipad_usernum: 1, h5_usernum: 1, total_usernum: 5 } });
    const internal = await call(s.app, admin, liveStatsApi.internal, { roomid: liveId });
    // The student's two pages overlap by ten minutes: 10:00-11:00 is 3600 s, not 4200.
    expect(internal.body.data).toEqual({ UV: 5, IP: 5, TL: 3600 + 600 + 420 + 67 * 60 + 30 });
  });

  it("answers the most people present in each minute, from the first entry to the last exit", async () => {
    const { body } = await call(s.app, admin, liveStatsApi.concurrency, { roomid: liveId });
    const data = body.data as { concurrency_usernum: number[]; concurrency_datetime: string[] };
    const minutes = Array.from({ length: 68 }, (_, i) => at(9, 55) + i * MIN);
    expect(data.concurrency_datetime).toEqual(minutes.map(formatDateTime));
    const expected = minutes.map((m) => {
      const hm = formatDateTime(m).slice(11, 16);
      if (hm < "09:58") return 1;
      if (hm < "10:00") return 2;
      if (hm < "10:05") return 3;
      if (hm < "10:10") return 2;
      if (hm < "10:20") return 3;
      if (hm === "10:30") return 3;
      if (hm < "11:00") return 2;
      if (hm < "11:02") return 1;
      return 0;
    });
    expect(data.concurrency_usernum).toEqual(expected);
  });

  it("refuses another organisation's live, a bad id and a viewer, in words and never with a 500", async () => {
    const other = await call(s.app, second, liveStatsApi.device, { roomid: liveId });
    expect(other.body).toMatchObject({ code: 400, msg: "直播不存在" });
    for (const roomid of ["abc", "0", "-1", "99999999999"]) {
      const bad = await call(s.app, admin, liveStatsApi.concurrency, { roomid });
      expect(bad.status).toBe(200);
      expect(bad.body).toMatchObject({ code: 400, msg: "直播编号不正确" });
    }
    expect((await call(s.app, admin, liveStatsApi.internal, {})).body.msg).toBe("直播编号不正确");
    const student = await signIn(s.app, "13800000003", "student");
    for (const endpoint of Object.values(liveStatsApi)) expect((await call(s.app, student, endpoint, { roomid: liveId, liveid: liveId })).status).toBe(403);
    expect((await call(s.app, "", liveStatsApi.device, { roomid: liveId })).status).toBe(401);
  });
});

describe("downsampling the concurrency line (3 §9)", () => {
  it("keeps every minute up to the limit, then the largest of each group of minutes", () => {
    const v = (from: number, to: number, viewer = "a") => ({ viewer, device: "pc", ip: "", from, to });
    const line = concurrencyLine([v(0, 68 * MIN)], 0, 67 * MIN + 1, 10);
    expect(line.concurrency_usernum).toEqual(new Array(10).fill(1));
    expect(line.concurrency_datetime).toHaveLength(10);

    // 3000 minutes with one minute of 3 people: 1000 points of three minutes, the peak kept.
    const spike = 1234 * MIN;
    const long = concurrencyLine([v(0, 3000 * MIN), v(spike, spike + 30_000, "b"), v(spike + 1000, spike + 2000, "c")], 0, 3000 * MIN - 1);
    expect(long.concurrency_usernum).toHaveLength(1000);
    expect(long.concurrency_usernum[Math.floor(1234 / 3)]).toBe(3);
    expect(long.concurrency_usernum.filter((n) => n !== 1)).toEqual([3]);
  });

  it("counts a person's two pages once and someone leaving as another arrives as one", () => {
    const v = (viewer: string, from: number, to: number) => ({ viewer, device: "pc", ip: "", from, to });
    const line = concurrencyLine([v("a", 0, 2 * MIN), v("a", MIN / 2, 90_000), v("b", 2 * MIN, 3 * MIN)], 0, 3 * MIN - 1);
    expect(line.concurrency_usernum).toEqual([1, 1, 1]);
  });
});

describe("the listening data (GET /admin/statistic, /admin/statistic/replay)", () => {
  it("pages the viewer log of 2 §3 in the order the viewers entered", async () => {
    const { body } = await call(s.app, admin, liveStatsApi.liveData, { liveid: liveId, page: 2, limit: 2 });
    const content = (body as unknown as { content: { total: number; resultset: ViewerLogRow[] } }).content;
    expect(content.total).toBe(6);
    expect(content.resultset.map(({ id: _, ...row }) => row)).toEqual([
      { username: "赵同学", intime: "2026-11-20 10:00:00", outtime: "2026-11-20 10:50:00", duration: 3000, device: "pc", ip: "1.1.1.1", userid: ids.student, exparam: "" },
      { username: "游客甲", intime: "2026-11-20 10:10:00", outtime: "2026-11-20 10:20:00", duration: 600, device: "ios", ip: "1.1.1.1", userid: 0, exparam: "ex3" },
    ]);
  });

  it("pages after a visit (the export's keyset paging): the same rows as the numbered pages, each once", async () => {
    const log = async (params: Record<string, unknown>) =>
      (await call(s.app, admin, liveStatsApi.liveData, { liveid: liveId, ...params })).body as unknown as { code: number; msg: string; content: { total: number; resultset: ViewerLogRow[] } };
    const numbered = (await log({ limit: 100 })).content.resultset;
    const keyset: ViewerLogRow[] = [];
    for (let after: number | undefined; ; ) {
      const { content } = await log({ limit: 4, ...(after ? { after } : {}) });
      expect(content.total).toBe(6);
      if (!content.resultset.length) break;
      keyset.push(...content.resultset);
      after = content.resultset.at(-1)!.id;
    }
    expect(keyset).toEqual(numbered);
    // A visit of the playback, or no visit at all: refused in words, never a 500.
    const replayVisit = (await call(s.app, admin, liveStatsApi.replayData, { liveid: liveId })).body as unknown as { content: { resultset: ViewerLogRow[] } };
    expect(await log({ after: replayVisit.content.resultset[0].id })).toMatchObject({ code: 400, msg: "起始记录不存在，请重新导出" });
    expect(await log({ after: 2147483647 })).toMatchObject({ code: 400, msg: "起始记录不存在，请重新导出" });
    for (const after of ["abc", "0", "-3", "99999999999"]) expect(await log({ after })).toMatchObject({ code: 400, msg: "起始记录不正确" });
  });

  it("sums each viewer's visits, and keeps the playback apart", async () => {
    const { body } = await call(s.app, admin, liveStatsApi.liveData, { liveid: liveId, mode: "summary", limit: 100 });
    const rows = (body as unknown as { content: { resultset: ViewerSummaryRow[] } }).content.resultset;
    expect(rows.map((r) => [r.username, r.visits, r.duration])).toEqual([
      ["李老师", 1, 4020],
      ["游客乙", 1, 420],
      ["赵同学", 2, 3600],
      ["游客甲", 1, 600],
      ["游客丙", 1, 30],
    ]);
    const replay = await call(s.app, admin, liveStatsApi.replayData, { liveid: liveId });
    const log = (replay.body as unknown as { content: { total: number; resultset: ViewerLogRow[] } }).content;
    expect(log.total).toBe(1);
    expect(log.resultset[0]).toMatchObject({ username: "赵同学", intime: "2026-11-22 10:00:00", duration: 600 });
  });

  it("refuses a bad mode, a page of 5001 and another organisation's live", async () => {
    expect((await call(s.app, admin, liveStatsApi.liveData, { liveid: liveId, mode: "all" })).body).toMatchObject({ code: 400, msg: "类型只能是明细或汇总" });
    expect((await call(s.app, admin, liveStatsApi.liveData, { liveid: liveId, limit: 5001 })).body).toMatchObject({ code: 400, msg: "每页条数应为1-5000" });
    expect((await call(s.app, second, liveStatsApi.replayData, { liveid: liveId })).body).toMatchObject({ code: 400, msg: "直播不存在" });
  });
});

describe("the attendance report (issue 20 item 10)", () => {
  it("lists each student and guest with their visits against the live's length, and who never came", async () => {
    const { body } = await call(s.app, admin, liveStatsApi.liveAttendance, { liveid: liveId });
    const data = body.data as { total: number; resultset: AttendanceRow[]; live: { ratio: number } };
    expect(data.live.ratio).toBe(80);
    expect(data.total).toBe(5);
    expect(data.resultset.map((r) => [r.username, r.joins, r.duration, r.percent, r.attended])).toEqual([
      ["赵同学", 2, 3600, 100, 1],
      ["游客甲", 1, 600, 16, 0],
      ["游客乙", 1, 300, 8, 0],
      ["游客丙", 1, 30, 0, 0],
      [expect.any(String), 0, 0, 0, 0],
    ]);
    expect(data.resultset[0].spans).toBe("10:00:00-10:50:00；10:40:00-11:00:00");
    expect(data.resultset[4].userid).toBe(ids.absent);
    const ten = await call(s.app, admin, liveStatsApi.liveAttendance, { liveid: liveId, ratio: 10 });
    expect((ten.body.data as { resultset: AttendanceRow[] }).resultset.map((r) => r.attended)).toEqual([1, 1, 0, 0, 0]);
  });

  it("counts a course's lives attended by each viewer", async () => {
    const later = await s.db.kysely
      .insertInto("lives")
      .values({ org_id: ids.org, course_id: courseId, title: "第二讲", begin_time: at(14, 0), end_time: at(15, 0), status: 0, scale: 1, voided: 0, detail: "", master_id: 0, created_at: at(9, 0), updated_at: at(9, 0), config: "{}" })
      .returning("id")
      .executeTakeFirstOrThrow();
    await visit({ key: `i${ids.student}`, name: "赵同学", role: "student", identity: ids.student, device: "pc", ip: "1.1.1.1", from: at(14, 0), to: at(14, 30), live: later.id }, 99);
    const { body } = await call(s.app, admin, liveStatsApi.courseAttendance, { liveid: later.id });
    const data = body.data as { lives: number; resultset: CourseAttendanceRow[] };
    expect(data.lives).toBe(2);
    expect(data.resultset[0]).toMatchObject({ username: "赵同学", attended: 1, lives: 2, duration: 3600 + 1800, percent: 50 });
    const half = await call(s.app, admin, liveStatsApi.courseAttendance, { liveid: liveId, ratio: 50 });
    expect((half.body.data as { resultset: CourseAttendanceRow[] }).resultset[0]).toMatchObject({ attended: 2, percent: 100 });
    expect((await call(s.app, admin, liveStatsApi.courseAttendance, { liveid: liveId, ratio: 0 })).body).toMatchObject({ code: 400, msg: "出勤比例应为1-100的整数" });
    expect((await call(s.app, second, liveStatsApi.courseAttendance, { liveid: later.id })).body).toMatchObject({ code: 400, msg: "直播不存在" });
  });
});

describe("the device a room entry is counted under", () => {
  it("reads the user agent, the room's phone layout otherwise h5", async () => {
    const { deviceOf } = await import("../../../resources/live-stats/live-stats-api");
    const agents: [string, boolean, string][] = [
      ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36", false, "pc"],
      ["Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36", true, "android"],
      ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", true, "ios"],
      ["Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", true, "ipad"],
      ["Mozilla/5.0 (Linux; HarmonyOS 4.0) Mobile", true, "h5"],
      ["Mozilla/5.0 (Windows NT 10.0; Win64; x64)", true, "h5"],
    ];
    for (const [agent, h5, device] of agents) expect(deviceOf(agent, h5)).toBe(device);
  });
});
