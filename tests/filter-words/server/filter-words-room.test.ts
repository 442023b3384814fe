import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { filterWordsApi } from "../../../resources/filter-words/filter-words";
import type { ServerMessage } from "../../../resources/rooms/room-protocol";
import { signRoomToken } from "../../../server/services/rooms/room-token";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { identityOf, listening, makeLive, MINUTE, openRoom, type RoomPage } from "../../rooms/server/rooms-helpers";
import { call } from "../../users/server/users-helpers";

/**
 * The built-in room obeys the sensitive words (issue 19 item 6): with the live's chat review on, a
 * message holding a black word no white word covers is held (stored unreviewed and held, shown to
 * its author as waiting, never sent to the other viewers); with the default filter on every message
 * is held; a save of the lists reaches the next message, in another process too.
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
  const teacher = await identityOf(s.db, "13800000001", "teacher");
  const student = await identityOf(s.db, "13800000003", "student");
  org = student.org_id;
  ids.teacher = teacher.id;
  ids.student = student.id;
  const others = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", org).where("role", "=", "student").where("id", "<>", student.id).limit(2).execute();
  [ids.other, ids.third] = others.map((o) => o.id);
  admin = await signIn(s.app, "13800000000", "admin");
}, 120_000);
afterAll(async () => {
  for (const p of pages) p.socket.terminate();
  await s.close();
});

const saveWords = async (black: string[], white: string[] = []) => {
  expect((await call(s.app, admin, filterWordsApi.blackSet, { config: JSON.stringify({ words: black }) })).body.code).toBe(0);
  expect((await call(s.app, admin, filterWordsApi.whiteSet, { config: JSON.stringify({ words: white }) })).body.code).toBe(0);
};

/** A page of a person in the live's room, on the server at `base`. */
async function enter(identityId: number, liveId: number, name: string, role: "student" | "teacher" = "student", base = ws): Promise<RoomPage> {
  const key = tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
  const token = signRoomToken(key, { orgId: org, liveId, identityId, userType: role === "teacher" ? 1 : 0, role, key: `i${identityId}`, name, playType: 1, exparam: "" });
  const page = openRoom(base, token);
  pages.push(page);
  await page.next("welcome");
  return page;
}

const liveWith = async (config: Record<string, string>) => {
  const now = Date.now();
  return (await makeLive(s.db, { org, config, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], courseStudents: [ids.student, ids.other, ids.third] })).liveId;
};

/** What `author` sees of its own message: whether it is held. */
const sent = async (author: RoomPage, txt: string) => {
  author.send({ t: "chat", txt });
  return (await author.next("chat", (m) => m.chat.txt === txt)).chat.held;
};

const texts = (page: RoomPage) => page.got.filter((m): m is Extract<ServerMessage, { t: "chat" }> => m.t === "chat").map((m) => m.chat.txt);

const stored = (liveId: number) => s.db.kysely.selectFrom("room_chats").select(["msg", "review", "held"]).where("live_id", "=", liveId).orderBy("id").execute();

describe("a live room with chat review on and the sensitive words", () => {
  it("holds a message with a black word (any case of Latin letters), shows one whose black word a white word covers, and never sends a held one to another viewer", async () => {
    await saveWords(["海市", "SPAM"], ["上海市"]);
    const liveId = await liveWith({ openFilterChat: "1", filterChatDefault: "0" });
    const author = await enter(ids.student, liveId, "赵同学");
    const other = await enter(ids.other, liveId, "孙同学");
    const teacher = await enter(ids.teacher, liveId, "李老师", "teacher");

    expect(await sent(author, "快看海市蜃楼")).toBe(true);
    expect(await sent(author, "buy Spam now")).toBe(true);
    expect(await sent(author, "我在上海市")).toBe(false);
    expect(await sent(author, "上海市的海市蜃楼")).toBe(true);
    expect(await sent(author, "大家好")).toBe(false);
    // The staff see what waits for review; their own words are never held.
    await teacher.next("chat", (m) => m.chat.txt === "快看海市蜃楼" && m.chat.held);
    expect(await sent(teacher, "海市不要说")).toBe(false);

    // The other viewer has the shown ones, in order, and none of the held.
    await other.next("chat", (m) => m.chat.txt === "海市不要说");
    expect(texts(other)).toEqual(["我在上海市", "大家好", "海市不要说"]);
    expect(await stored(liveId)).toEqual([
      { msg: expect.stringContaining("快看海市蜃楼"), review: 0, held: 1 },
      { msg: expect.stringContaining("buy Spam now"), review: 0, held: 1 },
      { msg: expect.stringContaining("我在上海市"), review: 0, held: 0 },
      { msg: expect.stringContaining("上海市的海市蜃楼"), review: 0, held: 1 },
      { msg: expect.stringContaining("大家好"), review: 0, held: 0 },
      { msg: expect.stringContaining("海市不要说"), review: 1, held: 0 },
    ]);

    // Entering later, a viewer's history has the shown ones only; the author's has its own held ones.
    const late = await enter(ids.third, liveId, "后来的同学");
    expect(texts(late)).toEqual([]);
    expect(late.got.find((m) => m.t === "welcome")).toMatchObject({ chat: [{ txt: "我在上海市" }, { txt: "大家好" }, { txt: "海市不要说" }] });
  });

  it("holds every message with the default filter on, and none for its words with review off", async () => {
    await saveWords(["海市"]);
    const all = await liveWith({ openFilterChat: "1", filterChatDefault: "1" });
    const author = await enter(ids.student, all, "赵同学");
    expect(await sent(author, "只是问好")).toBe(true);

    const open = await liveWith({ openFilterChat: "0", filterChatDefault: "0" });
    const speaker = await enter(ids.student, open, "赵同学");
    const listener = await enter(ids.other, open, "孙同学");
    expect(await sent(speaker, "海市蜃楼")).toBe(false);
    await listener.next("chat", (m) => m.chat.txt === "海市蜃楼");
    expect(await stored(open)).toEqual([{ msg: expect.stringContaining("海市蜃楼"), review: 1, held: 0 }]);
  });

  it("judges the next message by the lists as just saved, in this process and in another", async () => {
    await saveWords(["旧词"]);
    const liveId = await liveWith({ openFilterChat: "1", filterChatDefault: "0" });
    const here = await enter(ids.student, liveId, "赵同学");
    expect(await sent(here, "旧词一句")).toBe(true);
    const twin = await s.twin();
    const there = await enter(ids.other, liveId, "孙同学", "student", await listening(twin));
    expect(await sent(there, "旧词两句")).toBe(true);

    await saveWords(["新词"]);
    expect(await sent(here, "旧词三句")).toBe(false);
    expect(await sent(here, "新词一句")).toBe(true);
    expect(await sent(there, "新词两句")).toBe(true);
    expect(await sent(there, "旧词四句")).toBe(false);
    await saveWords(["新词"], ["新词典"]);
    expect(await sent(there, "查新词典")).toBe(false);
    await twin.close();
  });
});
