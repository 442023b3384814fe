import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savePermissions } from "../../../resources/kernel/menu";
import { chatAudit, moderationApi, moderationMessages } from "../../../resources/moderation/moderation-api";
import { chatApi, chatMsgText } from "../../../resources/rooms/room-api";
import { signRoomToken } from "../../../server/services/rooms/room-token";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { enterRoom, identityOf, listening, makeLive, MINUTE, openRoom, type RoomPage } from "../../rooms/server/rooms-helpers";
import { call } from "../../users/server/users-helpers";

/**
 * Chat moderation (issue 20 items 1, 4): pass, ban, revoke and reply act on the room at once (the
 * held message shown to all when passed, a banned or revoked one off every screen, a reply to all
 * or to one viewer), two moderators racing on one message (one wins, the other is told), the
 * audit log, and every attack refused in words with nothing changed. And the chat monitor's list.
 */

let s: TestServer;
let ws: string;
let org: number;
let admin: string;
const ids: Record<string, number> = {};
const pages: RoomPage[] = [];

beforeAll(async () => {
  s = await startTestServer();
  ws = await listening(s.app);
  const a = await identityOf(s.db, "13800000000", "admin");
  org = a.org_id;
  admin = await signIn(s.app, "13800000000", "admin");
  ids.teacher = (await identityOf(s.db, "13800000001", "teacher")).id;
  const students = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", org).where("role", "=", "student").limit(2).execute();
  [ids.s1, ids.s2] = students.map((r) => r.id);
}, 120_000);
afterAll(async () => {
  for (const p of pages) p.socket.terminate();
  await s.close();
});

const key = () => tokenSecret({ tokenSecret: null, dataDir: s.dataDir });

async function student(identityId: number, liveId: number, name: string): Promise<RoomPage> {
  const token = signRoomToken(key(), { orgId: org, liveId, identityId, userType: 0, role: "student", key: `i${identityId}`, name, playType: 1, exparam: "" });
  const page = openRoom(ws, token);
  pages.push(page);
  await page.next("welcome");
  return page;
}

/** A live with review on (every viewer's message held) and its two students in the room. */
async function reviewedRoom() {
  const now = Date.now();
  const { liveId } = await makeLive(s.db, { org, config: { openFilterChat: "1", filterChatDefault: "1" }, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.s1, ids.s2] });
  const one = await student(ids.s1, liveId, "甲同学");
  const two = await student(ids.s2, liveId, "乙同学");
  return { liveId, one, two };
}

/** `page` says `txt` and waits for it back (held): its chat id. */
async function say(page: RoomPage, txt: string): Promise<number> {
  page.send({ t: "chat", txt });
  return (await page.next("chat", (m) => m.chat.txt === txt)).chat.id;
}

const review = (state: number) => async (liveId: number) =>
  ((await call(s.app, admin, chatApi.list, { liveid: liveId, type: state, page: 1, count: 50 })).body.data as { historymsg: { id: number }[] }).historymsg.map((r) => r.id);
const unreviewed = review(0);
const approved = review(1);
const rejected = review(-1);
const sees = (page: RoomPage, txt: string) => page.got.some((m) => m.t === "chat" && m.chat.txt === txt && !m.chat.held);
const settle = () => new Promise((r) => setTimeout(r, 300));

describe("the chat manager's actions reach the room", () => {
  it("passes a held message (both students see it), bans one (neither does, its author's copy goes), replies to all, revokes (off both screens)", async () => {
    const { liveId, one, two } = await reviewedRoom();
    const passed = await say(one, "请通过这句");
    const banned = await say(two, "请禁止这句");
    expect(await unreviewed(liveId)).toEqual([banned, passed]);
    expect(sees(two, "请通过这句")).toBe(false);

    const pass = await call(s.app, admin, moderationApi.pass, { liveid: liveId, chatids: [passed] });
    expect(pass.body).toMatchObject({ code: 0, msg: moderationMessages.passed });
    await two.next("chat", (m) => m.chat.id === passed && !m.chat.held);
    await one.next("chat", (m) => m.chat.id === passed && !m.chat.held);

    expect((await call(s.app, admin, moderationApi.ban, { liveid: liveId, chatids: [banned] })).body).toMatchObject({ code: 0, msg: moderationMessages.passed });
    await two.next("chatGone", (m) => m.ids.includes(banned));
    await one.next("chatGone", (m) => m.ids.includes(banned));
    expect(sees(one, "请禁止这句")).toBe(false);
    expect([await unreviewed(liveId), await approved(liveId), await rejected(liveId)]).toEqual([[], [passed], [banned]]);

    const html = '<img src=x onerror="alert(1)">大家好';
    const reply = await call(s.app, admin, moderationApi.reply, { liveid: liveId, userid: 0, userdbid: 0, msg: chatMsgText(html) });
    expect(reply.body).toMatchObject({ code: 0, msg: moderationMessages.replied });
    // Stored and carried as the text it is: the room shows text, never markup.
    for (const page of [one, two]) expect((await page.next("chat", (m) => m.chat.role === "admin")).chat.txt).toBe(html);

    expect((await call(s.app, admin, moderationApi.revoke, { liveid: liveId, chatids: [passed] })).body).toMatchObject({ code: 0, msg: moderationMessages.revoked });
    for (const page of [one, two]) await page.next("chatGone", (m) => m.ids.includes(passed));
    expect(await rejected(liveId)).toEqual([banned, passed]);

    // Whoever enters later sees neither the banned nor the revoked message, and does see the reply.
    const late = await student(ids.s1, liveId, "甲同学");
    expect((late.got.find((m) => m.t === "welcome") as { chat: { txt: string }[] }).chat.map((c) => c.txt)).toEqual([html]);

    const audit = await s.db.kysely.selectFrom("audit_log").select(["record_id", "action", "diff"]).where("org_id", "=", org).where("resource", "=", chatAudit.resource).orderBy("id").execute();
    expect(audit.filter((r) => [passed, banned].includes(r.record_id)).map((r) => [r.record_id, r.action, JSON.parse(r.diff)])).toEqual([
      [passed, "update", { before: { type: 0 }, after: { type: 1 } }],
      [banned, "update", { before: { type: 0 }, after: { type: -1 } }],
      [passed, "update", { before: { type: 1 }, after: { type: -1 } }],
    ]);
    expect(audit.some((r) => r.action === "create")).toBe(true);
  });

  it("replies to one viewer: only that viewer (and the staff) see it, now and on entering again", async () => {
    const { liveId, one, two } = await reviewedRoom();
    await say(one, "老师我有问题");
    const res = await call(s.app, admin, moderationApi.reply, { liveid: liveId, userid: `i${ids.s1}`, userdbid: ids.s1, msg: chatMsgText("单独回复你") });
    expect(res.body.code, res.body.msg).toBe(0);
    await one.next("chat", (m) => m.chat.txt === "单独回复你");
    await settle();
    expect(sees(two, "单独回复你")).toBe(false);
    const again = await student(ids.s2, liveId, "乙同学");
    expect((again.got.find((m) => m.t === "welcome") as { chat: { txt: string }[] }).chat.map((c) => c.txt)).not.toContain("单独回复你");
    const teacherToken = (await enterRoom(s.app, await signIn(s.app, "13800000001", "teacher"), { room_id: liveId, group_id: org, user_type: 1 })).data!.token;
    const teacher = openRoom(ws, teacherToken);
    pages.push(teacher);
    expect((await teacher.next("welcome")).chat.map((c) => c.txt)).toContain("单独回复你");
    // A viewer who never spoke in this live cannot be answered alone.
    expect((await call(s.app, admin, moderationApi.reply, { liveid: liveId, userid: `i${ids.s2}`, msg: chatMsgText("你好") })).body).toMatchObject({ code: 400, msg: moderationMessages.noSuchViewer });
  });

  it("lets one of two moderators acting on the same message win and tells the other, changing nothing more", async () => {
    const { liveId, one } = await reviewedRoom();
    const id = await say(one, "两人同时审核");
    const [a, b] = await Promise.all([
      call(s.app, admin, moderationApi.pass, { liveid: liveId, chatids: [id] }),
      call(s.app, admin, moderationApi.ban, { liveid: liveId, chatids: [id] }),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([0, 400]);
    expect([a, b].find((r) => r.body.code === 400)!.body.msg).toBe(moderationMessages.handledElsewhere);
    const audits = await s.db.kysely.selectFrom("audit_log").select("id").where("resource", "=", chatAudit.resource).where("record_id", "=", id).execute();
    expect(audits).toHaveLength(1);
    // A list where one id was already handled is refused whole: the other stays unreviewed.
    const other = await say(one, "另一句");
    expect((await call(s.app, admin, moderationApi.pass, { liveid: liveId, chatids: [other, id] })).body).toMatchObject({ code: 400, msg: moderationMessages.handledElsewhere });
    expect(await unreviewed(liveId)).toEqual([other]);
    // Revoke takes only approved messages.
    expect((await call(s.app, admin, moderationApi.revoke, { liveid: liveId, chatids: [other] })).body).toMatchObject({ code: 400, msg: moderationMessages.handledElsewhere });
  });
});

describe("attacks on the chat manager", () => {
  it("refuses bad id lists and replies in words, with nothing changed", async () => {
    const { liveId, one } = await reviewedRoom();
    const mine = await say(one, "本直播的话");
    const elsewhere = await reviewedRoom();
    const theirs = await say(elsewhere.one, "别的直播的话");
    const refuse = async (endpoint: typeof moderationApi.pass, body: Record<string, unknown>, msg: string) => {
      const res = await call(s.app, admin, endpoint, body);
      expect([res.status, res.body.code, res.body.msg], JSON.stringify(body).slice(0, 80)).toEqual([200, 400, msg]);
    };
    await refuse(moderationApi.pass, { liveid: liveId, chatids: [] }, "请选择要审核的聊天");
    await refuse(moderationApi.ban, { liveid: liveId }, "请选择要审核的聊天");
    await refuse(moderationApi.revoke, { liveid: liveId, chatids: [] }, "请选择要撤回的聊天");
    await refuse(moderationApi.pass, { liveid: liveId, chatids: Array.from({ length: 10_000 }, (_, i) => i + 1) }, "一次最多审核100条聊天");
    await refuse(moderationApi.pass, { liveid: liveId, chatids: ["x"] }, "聊天编号不正确");
    await refuse(moderationApi.pass, { liveid: "x", chatids: [mine] }, "直播编号不正确");
    await refuse(moderationApi.pass, { liveid: liveId, chatids: [mine, theirs] }, moderationMessages.notOfLive);
    await refuse(moderationApi.ban, { liveid: liveId, chatids: [2_000_000_000] }, moderationMessages.notOfLive);
    await refuse(moderationApi.reply, { liveid: liveId, userid: 0, msg: chatMsgText("长".repeat(201)) }, "发送消息不能超过200字");
    await refuse(moderationApi.reply, { liveid: liveId, userid: 0, msg: chatMsgText("   ") }, "发送消息不能为空");
    await refuse(moderationApi.reply, { liveid: liveId, userid: 0, msg: "不是JSON" }, "发送消息不能为空");
    await refuse(moderationApi.reply, { liveid: liveId, userid: 0, msg: "x".repeat(5000) }, "发送消息不能超过200字");
    await refuse(moderationApi.reply, { liveid: liveId, userid: "<script>", msg: chatMsgText("hi") }, "回复对象不正确");
    expect(await unreviewed(liveId)).toEqual([mine]);
    expect(await unreviewed(elsewhere.liveId)).toEqual([theirs]);
    const replies = await s.db.kysely.selectFrom("room_chats").select("id").where("live_id", "=", liveId).where("role", "=", "admin").execute();
    expect(replies).toEqual([]);
  });

  it("keeps moderation from viewers, staff, sub-admins without its keys and other organisations", async () => {
    const { liveId, one } = await reviewedRoom();
    const id = await say(one, "谁能审核");
    const body = { liveid: liveId, chatids: [id] };
    for (const endpoint of [moderationApi.pass, moderationApi.ban, moderationApi.revoke, moderationApi.reply, moderationApi.monitor]) {
      expect((await call(s.app, "", endpoint, body)).status).toBe(401);
      for (const [mobile, role] of [["13800000001", "teacher"], ["13800000003", "student"]] as const)
        expect((await call(s.app, await signIn(s.app, mobile, role), endpoint, body)).body.code, `${role} ${endpoint.path}`).toBe(403);
    }
    const sub = await signIn(s.app, "13800000004", "admin");
    const grant = async (keys: string[]) => {
      const person = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000004").executeTakeFirstOrThrow();
      await s.db.kysely.updateTable("identities").set({ userop: JSON.stringify(savePermissions(keys)) }).where("person_id", "=", person.id).where("role", "=", "subadmin").execute();
    };
    await grant(["teacherop"]);
    expect((await call(s.app, sub, moderationApi.pass, body)).body.code).toBe(403);
    await grant(["chatMonitor"]);
    expect((await call(s.app, sub, moderationApi.monitor, {})).body.code).toBe(0);
    await grant(["liveop"]);
    expect((await call(s.app, sub, moderationApi.monitor, {})).body.code).toBe(403);
    const other = await signIn(s.app, "13900000000", "admin");
    for (const endpoint of [moderationApi.pass, moderationApi.ban, moderationApi.revoke])
      expect((await call(s.app, other, endpoint, body)).body).toMatchObject({ code: 404, msg: "直播不存在" });
    expect((await call(s.app, other, moderationApi.reply, { liveid: liveId, userid: 0, msg: chatMsgText("越权") })).body).toMatchObject({ code: 404, msg: "直播不存在" });
    await settle();
    expect(one.got.some((m) => m.t === "chat" && m.chat.txt === "越权")).toBe(false);
    // The sub-admin holding liveop passes it.
    expect((await call(s.app, sub, moderationApi.pass, body)).body.code).toBe(0);
  });
});

describe("the chat monitor", () => {
  it("lists the lives in the window with their unreviewed counts, by class type", async () => {
    const { liveId, one } = await reviewedRoom();
    await say(one, "一");
    await say(one, "二");
    const now = Date.now();
    const far = await makeLive(s.db, { org, begin: now + 5 * 3600_000, end: now + 6 * 3600_000, scale: 5 });
    const list = async (q: Record<string, unknown>) => {
      const res = await call(s.app, admin, moderationApi.monitor, { page: 1, count: 100, ...q });
      expect(res.body.code, res.body.msg).toBe(0);
      return res.body.data as { id: number; unreviewed: number; livetype: number }[];
    };
    const inWindow = await list({});
    expect(inWindow.find((r) => r.id === liveId)).toMatchObject({ unreviewed: 2, livetype: 1 });
    expect(inWindow.some((r) => r.id === far.liveId)).toBe(false);
    expect((await list({ ts: 28800 })).some((r) => r.id === far.liveId)).toBe(true);
    const doubles = await list({ ts: 28800, scale: 5 });
    expect(doubles.every((r) => r.livetype === 5) && doubles.some((r) => r.id === far.liveId)).toBe(true);
    expect((await call(s.app, admin, moderationApi.monitor, { ts: 3600 })).body).toMatchObject({ code: 400, msg: "监控范围不正确" });
    expect((await call(s.app, admin, moderationApi.monitor, { scale: 2 })).body).toMatchObject({ code: 400, msg: "班型不正确" });
    const other = await signIn(s.app, "13900000000", "admin");
    const theirs = (await call(s.app, other, moderationApi.monitor, { count: 100 })).body.data as { id: number }[];
    expect(theirs.some((r) => r.id === liveId)).toBe(false);
  });
});
