import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatApi, roomMessages } from "../../../resources/rooms/room-api";
import { statsApi } from "../../../resources/stats/stats";
import { userStatApi } from "../../../resources/users/user-stats";
import { formatDateTime } from "../../../server/services/datetime";
import { attendanceOf } from "../../../server/services/rooms/attendance";
import { sampleConcurrency } from "../../../server/services/rooms/concurrency";
import { advanceLiveStates, closeEndedLives, sweepStaleVisits } from "../../../server/services/rooms/room-jobs";
import { signRoomToken } from "../../../server/services/rooms/room-token";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { enterRoom, eventually, identityOf, listening, makeLive, MINUTE, openRoom, type RoomPage } from "./rooms-helpers";
import { call } from "../../users/server/users-helpers";

/**
 * The built-in room's presence and chat (issue 11 item 2) and what they write: the viewer log,
 * attendance, the concurrency samples the dashboard reads, the chat kept for review, and the
 * closing job's absents.
 */

let s: TestServer;
let ws: string;
let org: number;
const cookies: Record<string, string> = {};
const ids: Record<string, number> = {};
const pages: RoomPage[] = [];

beforeAll(async () => {
  s = await startTestServer();
  ws = await listening(s.app);
  for (const [who, mobile, role] of [["teacher", "13800000001", "teacher"], ["assistant", "13800000002", "assistant"], ["student", "13800000003", "student"], ["admin", "13800000000", "admin"]] as const) {
    const identity = await identityOf(s.db, mobile, role);
    ids[who] = identity.id;
    org = identity.org_id;
    cookies[who] = await signIn(s.app, mobile, role === "admin" ? "admin" : role);
  }
  const others = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", org).where("role", "=", "student").where("id", "<>", ids.student).limit(8).execute();
  others.forEach((o, i) => (ids[`s${i}`] = o.id));
}, 120_000);
afterAll(async () => {
  for (const p of pages) p.socket.terminate();
  await s.close();
});

const key = () => tokenSecret({ tokenSecret: null, dataDir: s.dataDir });

/** A page of `who` in the live's room, with a token from the enter-room call. */
async function enter(who: string, liveId: number, userType: number): Promise<RoomPage> {
  const res = await enterRoom(s.app, cookies[who], { room_id: liveId, group_id: org, user_type: userType });
  expect(res.code, res.msg).toBe(0);
  const page = openRoom(ws, res.data!.token);
  pages.push(page);
  await page.next("welcome");
  return page;
}

/** A page for an identity with no session of its own in this test (a student of the live). */
function enterAs(identityId: number, liveId: number, name: string): RoomPage {
  const token = signRoomToken(key(), { orgId: org, liveId, identityId, userType: 0, role: "student", key: `i${identityId}`, name, playType: 1, exparam: "" });
  const page = openRoom(ws, token);
  pages.push(page);
  return page;
}

const attendance = (liveId: number, identityId: number) =>
  s.db.kysely.selectFrom("attendance").selectAll().where("live_id", "=", liveId).where("identity_id", "=", identityId).where("play_type", "=", 1).executeTakeFirst();

describe("presence and chat in a live room", () => {
  it("shows the teacher and a student to each other, carries chat both ways, and logs both visits", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - 10 * MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.student] });
    const teacher = await enter("teacher", liveId, 1);
    const welcome = await teacher.next("welcome");
    expect(welcome.live).toMatchObject({ id: liveId, title: "房间测试直播", state: 1, teachers: ["李老师"], smallClass: false });
    expect(welcome.present.map((p) => p.name)).toEqual(["李老师"]);

    const student = await enter("student", liveId, 0);
    expect((await student.next("welcome")).present.map((p) => p.name).sort()).toEqual(["李老师", "赵同学"].sort());
    await teacher.next("join", (m) => m.entry.name === "赵同学");

    student.send({ t: "chat", txt: "老师好" });
    const heard = await teacher.next("chat", (m) => m.chat.txt === "老师好");
    expect(heard.chat).toMatchObject({ name: "赵同学", role: "student", held: false });
    teacher.send({ t: "chat", txt: "同学们好" });
    await student.next("chat", (m) => m.chat.txt === "同学们好");

    await student.close();
    const left = await teacher.next("leave");
    expect(left.conn).toBe((await student.next("welcome")).me.conn);
    await eventually(async () => !!(await s.db.kysely.selectFrom("room_visits").select("left_at").where("live_id", "=", liveId).where("viewer_key", "=", `i${ids.student}`).executeTakeFirst())?.left_at);
    const log = await s.db.kysely.selectFrom("room_visits").selectAll().where("live_id", "=", liveId).orderBy("id").execute();
    expect(log.map((v) => [v.username, v.role, v.device, v.ip])).toEqual([
      ["李老师", "teacher", "pc", "127.0.0.1"],
      ["赵同学", "student", "pc", "127.0.0.1"],
    ]);
    expect(log[1].left_at! - log[1].entered_at).toBeGreaterThanOrEqual(0);
    // Came after the start and is gone before the end: late wins (attendance.ts).
    expect(await attendance(liveId, ids.student)).toMatchObject({ check_state: "late" });
    expect(await attendance(liveId, ids.teacher)).toMatchObject({ check_state: "late" });
    await teacher.close();
  });

  it("keeps one attendance for someone who leaves and comes back, and shows it on the student's detail", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now + 5 * MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.student] });
    const first = await enter("student", liveId, 0);
    await first.close();
    await eventually(async () => (await attendance(liveId, ids.student))?.check_state === "leaveearly");
    const again = await enter("student", liveId, 0);
    // Back before the start and still there: on time so far.
    await eventually(async () => (await attendance(liveId, ids.student))?.check_state === "do");
    await again.close();
    const rows = await s.db.kysely.selectFrom("attendance").select("id").where("live_id", "=", liveId).where("identity_id", "=", ids.student).execute();
    expect(rows).toHaveLength(1);
    const visits = await s.db.kysely.selectFrom("room_visits").select("id").where("live_id", "=", liveId).execute();
    expect(visits).toHaveLength(2);

    const detail = await call(s.app, cookies.admin, userStatApi.studentLives, { mobile: "13800000003", page: 1, count: 50 });
    const row = (detail.body.data as { liveid: number; playtype: number }[]).find((r) => r.liveid === liveId);
    expect(row).toMatchObject({ playtype: 1 });
  });

  it("samples the people present for the dashboard's concurrency, counting a person with two pages once", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.student, ids.s0] });
    const a = await enter("teacher", liveId, 1);
    const b = await enter("student", liveId, 0);
    const c = await enter("student", liveId, 0);
    const d = enterAs(ids.s0, liveId, "钱同学");
    await d.next("welcome");
    const at = Date.now();
    const minute = Math.floor(at / MINUTE) * MINUTE;
    // The demo seed samples every minute up to its own start, which can be this minute; a sample
    // keeps the minute's peak, so the seed's figure would stay.
    await s.db.kysely.deleteFrom("live_concurrency").where("org_id", "=", org).where("ts", ">=", minute).execute();
    await sampleConcurrency(s.db, at);
    const sample = await s.db.kysely.selectFrom("live_concurrency").select("usernum").where("org_id", "=", org).where("ts", "=", minute).executeTakeFirstOrThrow();
    expect(sample.usernum).toBe(3);
    const series = await call(s.app, cookies.admin, statsApi.liveOnline, { begindate: formatDateTime(minute - MINUTE), enddate: formatDateTime(minute + MINUTE) });
    expect(series.body.data).toContainEqual({ date: formatDateTime(minute), usernum: 3 });
    for (const p of [a, b, c, d]) await p.close();
    // The rooms emptied: the minute after they did is sampled as 0 (or not at all). Counted from when
    // they emptied, not from `at`: the test may cross a minute's end while the pages close.
    await eventually(async () => !(await s.db.kysely.selectFrom("room_visits").select("id").where("live_id", "=", liveId).where("left_at", "is", null).executeTakeFirst()));
    const emptied = Date.now();
    const after = Math.floor(emptied / MINUTE) * MINUTE + MINUTE;
    await sampleConcurrency(s.db, after + MINUTE / 2);
    const later = await s.db.kysely.selectFrom("live_concurrency").select("usernum").where("org_id", "=", org).where("ts", "=", after).executeTakeFirst();
    expect(later?.usernum ?? 0).toBe(0);
  });

  it("takes a minute's concurrency as the peak of the visits within it, short visits between two samples included", async () => {
    const minute = Math.floor(Date.now() / MINUTE) * MINUTE - 5 * MINUTE;
    const { liveId } = await makeLive(s.db, { org, begin: minute - 10 * MINUTE, end: minute + 60 * MINUTE, teachers: [ids.teacher] });
    const s7 = (n: number) => minute + n * 1000;
    // [entered, left) by person: s1 with two pages at once counts once; s3 leaves as s4 comes.
    const visits: [string, number, number][] = [
      ["s0", s7(5), s7(20)],
      ["s1", s7(10), s7(35)],
      ["s1", s7(12), s7(30)],
      ["s2", s7(40), s7(50)],
      ["s3", s7(50), s7(52)],
      ["s4", s7(52), s7(58)],
    ];
    await s.db.kysely
      .insertInto("room_visits")
      .values(
        visits.map(([who, entered_at, left_at], i) => ({
          org_id: org,
          live_id: liveId,
          identity_id: ids[who],
          viewer_key: `i${ids[who]}`,
          username: who,
          role: "student",
          play_type: 1,
          device: "pc",
          node: "gone",
          conn: `short-${liveId}-${i}`,
          entered_at,
          left_at,
          seen_at: left_at,
          duration_seconds: Math.floor((left_at - entered_at) / 1000),
        })),
      )
      .execute();
    await s.db.kysely.deleteFrom("live_concurrency").where("org_id", "=", org).where("ts", "=", minute).execute();
    // The sampler's next run, once that minute is over: nobody is in the room at that instant.
    await sampleConcurrency(s.db, minute + MINUTE + 1000);
    const sample = await s.db.kysely.selectFrom("live_concurrency").select("usernum").where("org_id", "=", org).where("ts", "=", minute).executeTakeFirst();
    expect(sample?.usernum).toBe(2);
  });

  it("counts a person entering as a view (pages open at once as one) and a viewer's first entry of the day as a visitor, on the dashboard, parallel entries too", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.s5, ids.s6] });
    const today = async () => (await call(s.app, cookies.admin, statsApi.uvpv, {})).body.data as { uv: number; pv: number };
    const before = await today();
    const opened = [enterAs(ids.s5, liveId, "甲"), enterAs(ids.s5, liveId, "甲"), enterAs(ids.s5, liveId, "甲"), enterAs(ids.s6, liveId, "乙")];
    await Promise.all(opened.map((p) => p.next("welcome")));
    await eventually(async () => (await today()).pv === before.pv + 2);
    expect(await today()).toMatchObject({ uv: before.uv + 2, pv: before.pv + 2 });
    for (const p of opened) await p.close();
    // Back later, with no page left open: a view again, the same visitor.
    await eventually(async () => !(await s.db.kysely.selectFrom("room_visits").select("id").where("live_id", "=", liveId).where("left_at", "is", null).executeTakeFirst()));
    await enterAs(ids.s5, liveId, "甲").next("welcome");
    await eventually(async () => (await today()).pv === before.pv + 3);
    expect((await today()).uv).toBe(before.uv + 2);
  });

  it("lets at most six viewers into a small class, staff besides", async () => {
    const now = Date.now();
    const students = [ids.student, ...Array.from({ length: 6 }, (_, i) => ids[`s${i}`])];
    const { liveId } = await makeLive(s.db, { org, scale: 0, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: students });
    await enter("teacher", liveId, 1);
    const six = students.slice(1).map((id, i) => enterAs(id, liveId, `学生${i}`));
    await Promise.all(six.map((p) => p.next("welcome")));
    const seventh = enterAs(ids.student, liveId, "赵同学");
    expect(await seventh.next("error")).toMatchObject({ msg: roomMessages.smallClassFull, fatal: true });
    expect(await seventh.closed).toBe(4003);
    // A sixth viewer's second page is no new viewer.
    const again = enterAs(students[1], liveId, "学生0");
    await again.next("welcome");
  });

  it("ends its pages' visits when the server stops, without waiting for their closing handshakes", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.student] });
    const other = await s.twin();
    const token = (await enterRoom(s.app, cookies.student, { room_id: liveId, group_id: org, user_type: 0 })).data!.token;
    const student = openRoom(await listening(other), token);
    const conn = (await student.next("welcome")).me.conn;
    await other.close();
    const visit = await s.db.kysely.selectFrom("room_visits").select("left_at").where("conn", "=", conn).executeTakeFirstOrThrow();
    expect(visit.left_at).not.toBeNull();
    // The page is disconnected (and would reconnect to another process).
    expect(await student.closed).toBeGreaterThanOrEqual(1000);
  });

  it("refuses a page whose token is bad, of a voided live, or that never says hello", async () => {
    const bad = openRoom(ws, "not-a-token");
    expect(await bad.next("error")).toMatchObject({ msg: roomMessages.tokenInvalid, fatal: true });
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now, end: now + MINUTE * 30, teachers: [ids.teacher], voided: true });
    const voided = enterAs(ids.student, liveId, "赵同学");
    expect(await voided.next("error")).toMatchObject({ msg: roomMessages.voided });
  });
});

describe("chat review and the chat manager's list", () => {
  it("holds a student's message for review when the live says so: its author and the staff see it, other students do not", async () => {
    const now = Date.now();
    const config = { openFilterChat: "1", filterChatDefault: "1" };
    const { liveId } = await makeLive(s.db, { org, config, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.student, ids.s1] });
    const teacher = await enter("teacher", liveId, 1);
    const author = await enter("student", liveId, 0);
    const other = enterAs(ids.s1, liveId, "孙同学");
    await other.next("welcome");
    author.send({ t: "chat", txt: "待审核的话" });
    expect((await author.next("chat", (m) => m.chat.txt === "待审核的话")).chat.held).toBe(true);
    expect((await teacher.next("chat", (m) => m.chat.txt === "待审核的话")).chat.held).toBe(true);
    teacher.send({ t: "chat", txt: "老师的话" });
    await other.next("chat", (m) => m.chat.txt === "老师的话");
    expect(other.got.some((m) => m.t === "chat" && m.chat.txt === "待审核的话")).toBe(false);

    const list = async (type: number) => (await call(s.app, cookies.admin, chatApi.list, { liveid: liveId, type, page: 1, count: 10 })).body;
    const pending = await list(0);
    expect(pending.count).toBe(1);
    const [record] = (pending.data as { historymsg: { name: string; msg: string; userdbid: number; userid: string; type: number }[] }).historymsg;
    expect(record).toMatchObject({ name: "赵同学", userdbid: ids.student, userid: `i${ids.student}`, type: 0 });
    expect(JSON.parse(record.msg)).toEqual({ content: { txt: "待审核的话" }, type: 1 });
    expect((await list(1)).data).toMatchObject({ total: 1, historymsg: [{ name: "李老师" }] });

    // A page entering later: the held message is in the staff's history only.
    const late = enterAs(ids.s2, liveId, "后来的同学");
    expect((await late.next("welcome")).chat.map((c) => c.txt)).toEqual(["老师的话"]);
    const admin = await enter("admin", liveId, 2);
    expect((await admin.next("welcome")).chat.map((c) => c.txt)).toEqual(["待审核的话", "老师的话"]);
  });

  it("shows a message at once but keeps it unreviewed with review on and the default filter off", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, config: { openFilterChat: "1", filterChatDefault: "0" }, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.student, ids.s1] });
    const author = await enter("student", liveId, 0);
    const other = enterAs(ids.s1, liveId, "孙同学");
    await other.next("welcome");
    author.send({ t: "chat", txt: "先发后审" });
    expect((await other.next("chat", (m) => m.chat.txt === "先发后审")).chat.held).toBe(false);
    expect((await call(s.app, cookies.admin, chatApi.list, { liveid: liveId, type: 0 })).body.count).toBe(1);
  });

  it("refuses an empty, an over-long and a too-fast message, in words", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.student] });
    const page = await enter("student", liveId, 0);
    page.send({ t: "chat", txt: "   " });
    expect(await page.next("error", (m) => m.msg === roomMessages.chatEmpty)).toBeTruthy();
    page.send({ t: "chat", txt: "长".repeat(201) });
    expect(await page.next("error", (m) => m.msg === roomMessages.chatTooLong)).toBeTruthy();
    page.send({ t: "chat", txt: "长".repeat(200) });
    await page.next("chat", (m) => m.chat.txt.length === 200);
    for (let i = 0; i < 6; i++) page.send({ t: "chat", txt: `第${i}句` });
    expect(await page.next("error", (m) => m.msg === roomMessages.chatTooFast)).toBeTruthy();
    const stored = await s.db.kysely.selectFrom("room_chats").select("id").where("live_id", "=", liveId).execute();
    expect(stored).toHaveLength(5);
  });

  it("lists only for admins holding the live list or the chat monitor, within their organisation", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now, end: now + MINUTE * 30, teachers: [ids.teacher] });
    expect((await call(s.app, "", chatApi.list, { liveid: liveId })).status).toBe(401);
    expect((await call(s.app, cookies.teacher, chatApi.list, { liveid: liveId })).body.code).toBe(403);
    const sub = await signIn(s.app, "13800000004", "admin");
    expect((await call(s.app, sub, chatApi.list, { liveid: liveId })).body.code).toBe(403);
    const other = await signIn(s.app, "13900000000", "admin");
    expect((await call(s.app, other, chatApi.list, { liveid: liveId })).body).toMatchObject({ code: 404, msg: "直播不存在" });
    expect((await call(s.app, cookies.admin, chatApi.list, { liveid: "x" })).body).toMatchObject({ code: 400, msg: "直播编号不正确" });
    expect((await call(s.app, cookies.admin, chatApi.list, { liveid: liveId, type: 2 })).body).toMatchObject({ code: 400, msg: "审核状态不正确" });
  });
});

describe("attendance against the live's times (attendance.ts, a fixed clock)", () => {
  const B = 1_000_000_000_000;
  const E = B + 60 * MINUTE;
  const live = { begin_time: B, end_time: E };
  const state = (visits: [number, number | null][], now = E + MINUTE) => attendanceOf(visits.map(([entered_at, left_at]) => ({ entered_at, left_at })), live, 1, now);

  it("is on time at the start exactly and late a second after", () => {
    expect(state([[B, E]]).check_state).toBe("do");
    expect(state([[B - 5 * MINUTE, E + MINUTE]]).check_state).toBe("do");
    expect(state([[B + 1000, E]]).check_state).toBe("late");
  });

  it("leaves early a second before the end, not at it, and not while still there", () => {
    expect(state([[B, E - 1000]]).check_state).toBe("leaveearly");
    expect(state([[B, E]]).check_state).toBe("do");
    expect(state([[B, null]], B + 10 * MINUTE).check_state).toBe("do");
  });

  it("takes a person who leaves and comes back as one: on time, the time between not counted", () => {
    const a = state([[B, B + 10 * MINUTE], [B + 20 * MINUTE, E]]);
    expect(a).toEqual({ check_state: "do", online_seconds: 50 * 60, joined_at: B });
    // Two pages at once count once; time before the start and after the end does not count.
    expect(state([[B - MINUTE, E + MINUTE], [B + MINUTE, B + 2 * MINUTE]]).online_seconds).toBe(60 * 60);
    expect(state([[B - 10 * MINUTE, B - 5 * MINUTE]])).toMatchObject({ check_state: "leaveearly", online_seconds: 0 });
  });

  it("counts every second of a replay as watched", () => {
    expect(attendanceOf([{ entered_at: E + DAY(1), left_at: E + DAY(1) + 90_000 }], live, 2, E + DAY(2))).toMatchObject({ check_state: "do", online_seconds: 90 });
  });
});

function DAY(n: number) {
  return n * 86_400_000;
}

describe("the room jobs", () => {
  it("record the students and teachers who never came as absent when the live ends, once", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - 120 * MINUTE, end: now - 60 * MINUTE, teachers: [ids.teacher], students: [ids.s3], courseStudents: [ids.student, ids.s4] });
    await s.db.kysely.insertInto("attendance").values({ live_id: liveId, identity_id: ids.student, play_type: 1, online_seconds: 600, check_state: "late", joined_at: now - 100 * MINUTE }).execute();
    // The demo seed may hold more ended lives than one batch: run the job until it has nothing left.
    const closed: number[] = [];
    for (let got = await closeEndedLives(s.db, now); got.length; got = await closeEndedLives(s.db, now)) closed.push(...got);
    expect(closed).toContain(liveId);
    await Promise.all([closeEndedLives(s.db, now), closeEndedLives(s.db, now)]);
    const rows = await s.db.kysely.selectFrom("attendance").select(["identity_id", "check_state"]).where("live_id", "=", liveId).where("play_type", "=", 1).orderBy("identity_id").execute();
    expect(rows).toEqual(
      [
        { identity_id: ids.teacher, check_state: "undo" },
        { identity_id: ids.student, check_state: "late" },
        { identity_id: ids.s3, check_state: "undo" },
        { identity_id: ids.s4, check_state: "undo" },
      ].sort((a, b) => a.identity_id - b.identity_id),
    );
    expect(await closeEndedLives(s.db, now)).not.toContain(liveId);
  });

  it("move a live's state with the clock, and its attendance counts on the teacher's detail once ended", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - 120 * MINUTE, end: now - 60 * MINUTE, teachers: [ids.teacher] });
    const { liveId: running } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher] });
    await advanceLiveStates(s.db, now);
    const states = await s.db.kysely.selectFrom("lives").select(["id", "status"]).where("id", "in", [liveId, running]).orderBy("id").execute();
    expect(states.map((l) => l.status)).toEqual([2, 1]);
  });

  it("close the visits of a process that is gone, at its last sign of life, and say who left", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - 20 * MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.student] });
    await s.db.kysely
      .insertInto("room_visits")
      .values({ org_id: org, live_id: liveId, identity_id: ids.student, viewer_key: `i${ids.student}`, username: "赵同学", role: "student", play_type: 1, device: "pc", node: "gone", conn: "gone-1", entered_at: now - 10 * MINUTE, left_at: null, seen_at: now - 5 * MINUTE })
      .execute();
    const events = await sweepStaleVisits(s.db, now);
    expect(events).toContainEqual({ k: "leave", live: liveId, conn: "gone-1" });
    const visit = await s.db.kysely.selectFrom("room_visits").select(["left_at", "duration_seconds"]).where("conn", "=", "gone-1").executeTakeFirstOrThrow();
    expect(visit).toEqual({ left_at: now - 5 * MINUTE, duration_seconds: 300 });
    expect(await attendance(liveId, ids.student)).toMatchObject({ check_state: "late", online_seconds: 300 });
  });
});
