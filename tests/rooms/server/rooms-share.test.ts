import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomApi, roomMessages, type ShareAnswers, type ShareInfo } from "../../../resources/rooms/room-api";
import type { RegistrationField } from "../../../resources/lives/live-api";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { verifyRoomToken } from "../../../server/services/rooms/room-token";
import { startTestServer, type TestServer } from "../../kernel/server/helpers";
import { identityOf, listening, makeLive, MINUTE, openRoom } from "./rooms-helpers";
import { call } from "../../users/server/users-helpers";

/**
 * Share links (issue 11 item 2; 2 §3 validator settings, §7 share URL): the link's page address,
 * what the page shows, and each verification method letting an anonymous viewer in, or not.
 */

let s: TestServer;
let org: number;
let teacher: number;

beforeAll(async () => {
  s = await startTestServer();
  const t = await identityOf(s.db, "13800000001", "teacher");
  org = t.org_id;
  teacher = t.id;
}, 120_000);
afterAll(() => s.close());

const key = () => tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
let guids = 0;

/** A live shared under fresh guids, with the given verification (none when `check` is absent). */
async function sharedLive(opts: { check?: 1 | 2 | 3; password?: string; fields?: Partial<RegistrationField>[]; begin?: number; end?: number; whitelist?: [string, string][] } = {}) {
  const now = Date.now();
  const share = `share-${++guids}-${now}`;
  const replay = `replay-${guids}-${now}`;
  const { liveId } = await makeLive(s.db, { org, begin: opts.begin ?? now - MINUTE, end: opts.end ?? now + 60 * MINUTE, teachers: [teacher], shareGuid: share, replayGuid: replay });
  if (opts.check)
    await s.db.kysely
      .insertInto("live_validators")
      .values({
        live_id: liveId,
        org_id: org,
        check_type: opts.check,
        password: opts.password ?? "",
        descr: "<p>欢迎<script>alert(1)</script></p>",
        extra: JSON.stringify({ isRecord: opts.fields ? 2 : 1, data: opts.fields ?? [] }),
        updated_at: now,
      })
      .execute();
  for (const [username, password] of opts.whitelist ?? [])
    await s.db.kysely.insertInto("live_whitelist").values({ org_id: org, live_id: liveId, username, password, created_at: now }).execute();
  return { liveId, share, replay };
}

const info = async (guid: string, replay = 0) => (await call(s.app, "", roomApi.share, { guid, replay })).body as { code: number; msg: string; data: ShareInfo };
const enter = async (body: ShareAnswers, remoteAddress = "127.0.0.1") => {
  const res = await s.app.inject({ method: "POST", url: roomApi.shareEnter.path, payload: body, remoteAddress });
  return res.json() as { code: number; msg: string; data: { token: string; nick_name: string } | null };
};

describe("the share link's address", () => {
  it("opens the built-in room's share page with what the link says", async () => {
    const cases: [string, string][] = [
      ["/share_qxc/liveclass.html?guid=G1&livetype=all", "/room/share?guid=G1&livetype=all"],
      ["/share_qxc_sc/miniliveclass.html?guid=G2&livetype=live&exparam=from-wx", "/room/share?guid=G2&livetype=live&exparam=from-wx"],
      ["/share_qxc/name_liveclass.html?guid=G3&livetype=playback", "/room/share?guid=G3&livetype=playback&byname=1"],
      ["/share_qxc_jy/player.html?guid=R1", "/room/share?guid=R1&livetype=playback&replay=1"],
    ];
    for (const [from, to] of cases) {
      const res = await s.app.inject({ url: from });
      expect([res.statusCode, res.headers.location], from).toEqual([302, to]);
    }
    const other = await s.app.inject({ url: "/share_qxc/other.html?guid=G" });
    expect([other.statusCode, other.json().code]).toEqual([404, 404]);
  });
});

describe("what a share link's page shows", () => {
  it("names the live, its state and its verification; a live without settings asks nothing; the introduction is clean", async () => {
    const plain = await sharedLive();
    expect((await info(plain.share)).data).toMatchObject({ liveid: plain.liveId, title: "房间测试直播", state: 1, check: 1, fields: [] });
    const guarded = await sharedLive({ check: 2, fields: [{ formaDataType: 1, name: "手机", placeholder: "", required: true, checkList: [], isPhone: true }] });
    const shown = (await info(guarded.share)).data;
    expect(shown).toMatchObject({ check: 2, fields: [{ formaDataType: 1, name: "手机", required: true }] });
    expect(shown.desc).toBe("<p>欢迎</p>");
    expect((await info(guarded.replay, 1)).data.liveid).toBe(guarded.liveId);
  });

  it("knows no live for an unknown guid, a replay guid used as a share guid, or a voided live", async () => {
    const live = await sharedLive();
    expect(await info("nobody-has-this")).toMatchObject({ code: 403, msg: roomMessages.shareInvalid });
    expect(await info(live.replay, 0)).toMatchObject({ code: 403, msg: roomMessages.shareInvalid });
    await s.db.kysely.updateTable("lives").set({ voided: 1 }).where("id", "=", live.liveId).execute();
    expect(await info(live.share)).toMatchObject({ code: 403, msg: roomMessages.shareInvalid });
    expect(await info("bad guid!")).toMatchObject({ code: 400, msg: roomMessages.shareInvalid });
  });
});

describe("entering through a share link", () => {
  it("lets a viewer straight into a live without verification, asking a name on a name_ link, with a viewer token for that live", async () => {
    const live = await sharedLive();
    const res = await enter({ guid: live.share, exparam: "wx-1" });
    expect(res.code, res.msg).toBe(0);
    const grant = verifyRoomToken(key(), res.data!.token)!;
    expect(grant).toMatchObject({ orgId: org, liveId: live.liveId, identityId: 0, role: "guest", playType: 1, exparam: "wx-1" });
    expect(grant.key).toMatch(/^a[0-9a-f]{16}$/);
    expect(res.data!.nick_name).toBe(`游客${grant.key.slice(-4)}`);
    expect(await enter({ guid: live.share, byname: 1 })).toMatchObject({ code: 400, msg: roomMessages.nameNeeded });
    expect(await enter({ guid: live.share, byname: 1, name: "名".repeat(21) })).toMatchObject({ code: 400, msg: "名字不能超过20字" });
    expect((await enter({ guid: live.share, byname: 1, name: " 小明 " })).data!.nick_name).toBe("小明");
  });

  it("takes a whitelist entry's username and password, and refuses others in words", async () => {
    const live = await sharedLive({ check: 2, whitelist: [["alice", "pw-a"], ["bob", "pw-b"]] });
    expect(await enter({ guid: live.share, username: "alice" })).toMatchObject({ code: 400, msg: roomMessages.whitelistNeeded });
    expect(await enter({ guid: live.share, username: "alice", password: "pw-b" }, "10.0.0.1")).toMatchObject({ code: 403, msg: roomMessages.whitelistWrong });
    expect(await enter({ guid: live.share, username: "carol", password: "pw-c" }, "10.0.0.1")).toMatchObject({ code: 403, msg: roomMessages.whitelistWrong });
    const ok = await enter({ guid: live.share, username: "alice", password: "pw-a" }, "10.0.0.1");
    expect(ok.code, ok.msg).toBe(0);
    const entry = await s.db.kysely.selectFrom("live_whitelist").select("id").where("live_id", "=", live.liveId).where("username", "=", "alice").executeTakeFirstOrThrow();
    expect(verifyRoomToken(key(), ok.data!.token)).toMatchObject({ key: `w${entry.id}`, name: "alice" });
  });

  it("takes the single password", async () => {
    const live = await sharedLive({ check: 3, password: "secret1" });
    expect(await enter({ guid: live.share })).toMatchObject({ code: 400, msg: roomMessages.passwordNeeded });
    expect(await enter({ guid: live.share, password: "secret2" }, "10.0.0.2")).toMatchObject({ code: 403, msg: roomMessages.passwordWrong });
    expect((await enter({ guid: live.share, password: "secret1" }, "10.0.0.2")).code).toBe(0);
  });

  it("bounds wrong answers per address: five, then 尝试次数过多 even for the right one, parallel guesses included", async () => {
    const live = await sharedLive({ check: 3, password: "right" });
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => enter({ guid: live.share, password: `wrong${i}` }, "10.9.9.9")));
    expect(guesses.filter((g) => g.msg === roomMessages.passwordWrong)).toHaveLength(5);
    expect(guesses.filter((g) => g.msg === roomMessages.tooManyTries)).toHaveLength(7);
    expect(await enter({ guid: live.share, password: "right" }, "10.9.9.9")).toMatchObject({ code: 429, msg: roomMessages.tooManyTries });
    // Another address has its own tries; right answers use none.
    for (let i = 0; i < 8; i++) expect((await enter({ guid: live.share, password: "right" }, "10.9.9.10")).code).toBe(0);
    // Once the window is over, the address may try again.
    await s.db.kysely.updateTable("room_share_tries").set({ window_started_at: Date.now() - 11 * MINUTE }).where("live_id", "=", live.liveId).execute();
    expect((await enter({ guid: live.share, password: "right" }, "10.9.9.9")).code).toBe(0);
  });

  it("asks the registration form when it is on, checks it with the form's own rules and keeps the answers", async () => {
    const fields: Partial<RegistrationField>[] = [
      { formaDataType: 1, name: "手机", placeholder: "请输入手机号", required: true, checkList: [], isPhone: true },
      { formaDataType: 2, name: "邮箱", placeholder: "", required: false, checkList: [] },
      { formaDataType: 3, name: "姓名", placeholder: "", required: true, checkList: [] },
      { formaDataType: 5, name: "年级", placeholder: "", required: true, checkList: ["一年级", "二年级"] },
      { formaDataType: 6, name: "兴趣", placeholder: "", required: false, checkList: ["数学", "语文"] },
    ];
    const live = await sharedLive({ check: 1, fields });
    const answer = (answers: (string | string[])[]) => enter({ guid: live.share, answers });
    expect(await answer([])).toMatchObject({ code: 400, msg: "请填写手机" });
    expect(await answer(["123", "", "小明", "一年级"])).toMatchObject({ code: 400, msg: "请填写正确的手机号", data: { field: "f0" } });
    expect(await answer(["13912345678", "not-mail", "小明", "一年级"])).toMatchObject({ code: 400, msg: "请填写正确的邮箱" });
    expect(await answer(["13912345678", "", "", "一年级"])).toMatchObject({ code: 400, msg: "请填写姓名" });
    expect(await answer(["13912345678", "", "小明", "三年级"])).toMatchObject({ code: 400, msg: "请选择年级", data: { field: "f3" } });
    expect(await answer(["13912345678", "", "小明", "一年级", ["体育"]])).toMatchObject({ code: 400, msg: "请选择兴趣" });
    const ok = await answer(["13912345678", "a@b.cn", "小明", "二年级", ["数学"]]);
    expect(ok.code, ok.msg).toBe(0);
    expect(ok.data!.nick_name).toBe("139****5678");
    const stored = await s.db.kysely.selectFrom("room_registrations").selectAll().where("live_id", "=", live.liveId).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0].answers)).toEqual([
      { name: "手机", value: "13912345678" },
      { name: "邮箱", value: "a@b.cn" },
      { name: "姓名", value: "小明" },
      { name: "年级", value: "二年级" },
      { name: "兴趣", value: ["数学"] },
    ]);
    expect(stored[0].viewer_key).toBe(verifyRoomToken(key(), ok.data!.token)!.key);
  });

  it("opens the playback room by the replay link at any time, and refuses the live room once it is over", async () => {
    const now = Date.now();
    const live = await sharedLive({ begin: now - 120 * MINUTE, end: now - 60 * MINUTE });
    expect(await enter({ guid: live.share })).toMatchObject({ code: 403, msg: roomMessages.ended });
    expect(verifyRoomToken(key(), (await enter({ guid: live.share, playback: 1 })).data!.token)!.playType).toBe(2);
    expect(verifyRoomToken(key(), (await enter({ guid: live.replay, replay: 1 })).data!.token)!.playType).toBe(2);
  });

  it("puts the viewer in the room with the others, and in the viewer log with its exparam", async () => {
    const live = await sharedLive();
    const ws = await listening(s.app);
    const a = openRoom(ws, (await enter({ guid: live.share, byname: 1, name: "小红", exparam: "ad-7" })).data!.token);
    await a.next("welcome");
    const b = openRoom(ws, (await enter({ guid: live.share, byname: 1, name: "小刚" })).data!.token);
    expect((await b.next("welcome")).present.map((p) => [p.name, p.role])).toEqual([["小红", "guest"], ["小刚", "guest"]]);
    await a.next("join", (m) => m.entry.name === "小刚");
    const log = await s.db.kysely.selectFrom("room_visits").select(["username", "exparam", "identity_id"]).where("live_id", "=", live.liveId).orderBy("id").execute();
    expect(log).toEqual([
      { username: "小红", exparam: "ad-7", identity_id: null },
      { username: "小刚", exparam: "", identity_id: null },
    ]);
    await a.close();
    await b.close();
  });
});
