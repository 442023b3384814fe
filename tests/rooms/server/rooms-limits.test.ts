import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomApi, roomLimits, roomMessages } from "../../../resources/rooms/room-api";
import { statsApi } from "../../../resources/stats/stats";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { signRoomToken, type RoomGrant } from "../../../server/services/rooms/room-token";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { eventually, identityOf, listening, makeLive, MINUTE, openRoom, type RoomPage } from "./rooms-helpers";
import { call } from "../../users/server/users-helpers";

/**
 * The rooms' limits per person and per address (issue 16 items 2.2, 2.3), against a listening
 * server with real sockets: one person's token opening many pages, and a share link's guests
 * coming in numbers from one address.
 */

let s: TestServer;
let ws: string;
let org: number;
let admin: string;
const students: number[] = [];
const pages: RoomPage[] = [];

beforeAll(async () => {
  s = await startTestServer();
  ws = await listening(s.app);
  const student = await identityOf(s.db, "13800000003", "student");
  org = student.org_id;
  admin = await signIn(s.app, "13800000000", "admin");
  const rows = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", org).where("role", "=", "student").orderBy("id").limit(3).execute();
  students.push(...rows.map((r) => r.id));
}, 120_000);
afterAll(async () => {
  for (const p of pages) p.socket.terminate();
  await s.close();
});

const key = () => tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
const studentToken = (identityId: number, liveId: number) =>
  signRoomToken(key(), { orgId: org, liveId, identityId, userType: 0, role: "student", key: `i${identityId}`, name: `学生${identityId}`, playType: 1, exparam: "" } satisfies RoomGrant);

function page(token: string, localAddress?: string): RoomPage {
  const p = openRoom(ws, token, {}, localAddress);
  pages.push(p);
  return p;
}

/** The first message of a page that says whether it is in: its welcome, or its refusal. */
const answerOf = (p: RoomPage) => Promise.race([p.next("welcome", undefined, 30_000), p.next("error", (m) => !!m.fatal, 30_000)]);

const visitsOf = (liveId: number) => s.db.kysely.selectFrom("room_visits").select(["conn", "viewer_key", "left_at"]).where("live_id", "=", liveId).execute();

describe("one person's many pages (2.2)", () => {
  it("keeps a few pages of one viewer open, closing the oldest with a message, and turns a flood of pages away", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, courseStudents: students });
    const views = async () => ((await call(s.app, admin, statsApi.uvpv, {})).body.data as { pv: number }).pv;
    const viewsBefore = await views();
    const token = studentToken(students[0], liveId);
    const flood = Array.from({ length: 30 }, () => page(token));
    const answers = (await Promise.all(flood.map(answerOf))).map((m) => (m.t === "welcome" ? "welcome" : (m as { msg: string }).msg));
    const count = (what: string) => answers.filter((a) => a === what).length;
    // The first ten in a minute are let in (some told at once that a newer page took their place); the others are turned away.
    expect(count(roomMessages.joinsTooFast)).toBe(30 - roomLimits.joinsPerMinute);
    expect(count("welcome") + count(roomMessages.pageReplaced)).toBe(roomLimits.joinsPerMinute);
    // Every page let in but the newest few is closed, told why.
    await eventually(() => flood.filter((p) => p.socket.readyState === WebSocket.OPEN).length === roomLimits.pagesPerViewer);
    const replaced = flood.filter((p) => p.got.some((m) => m.t === "error" && m.msg === roomMessages.pageReplaced));
    expect(replaced).toHaveLength(roomLimits.joinsPerMinute - roomLimits.pagesPerViewer);
    // One visit per page let in, all but the open ones closed; and one person entering is one view.
    await eventually(async () => (await visitsOf(liveId)).filter((v) => v.left_at === null).length === roomLimits.pagesPerViewer);
    expect(await visitsOf(liveId)).toHaveLength(roomLimits.joinsPerMinute);
    expect(await views()).toBe(viewsBefore + 1);

    // Another person sees one person, however many pages it holds.
    const other = page(studentToken(students[1], liveId));
    expect((await other.next("welcome")).people).toBe(2);
  });

  it("limits one viewer's chat across its pages, not per page", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, courseStudents: students });
    const token = studentToken(students[0], liveId);
    const three = [page(token), page(token), page(token)];
    await Promise.all(three.map((p) => p.next("welcome")));
    const sentAt = Date.now();
    const sent = three.length * roomLimits.chatBurst;
    for (const [i, p] of three.entries()) for (let n = 0; n < roomLimits.chatBurst; n++) p.send({ t: "chat", txt: `第${i}页第${n}句` });
    const stored = () => s.db.kysely.selectFrom("room_chats").select("created_at").where("live_id", "=", liveId).orderBy("created_at").execute();
    const refused = () => three.flatMap((p) => p.got).filter((m) => m.t === "error" && m.msg === roomMessages.chatTooFast).length;
    // Every message answered: stored, or refused to its page in words.
    await eventually(async () => (await stored()).length + refused() === sent);
    expect(refused()).toBeGreaterThan(0);
    const messages = await stored();
    // However the sending spread over time, no window holds more than the burst.
    for (const [i, m] of messages.entries())
      expect(messages.filter((n) => n.created_at >= m.created_at && n.created_at < m.created_at + roomLimits.chatWindowMs).length, `from message ${i}`).toBeLessThanOrEqual(roomLimits.chatBurst);
    expect(messages.length).toBeLessThanOrEqual(roomLimits.chatBurst * Math.ceil((Date.now() - sentAt + 1) / roomLimits.chatWindowMs));
  });
});

describe("a share link's guests in numbers (2.3)", () => {
  let guids = 0;
  async function sharedLive() {
    const now = Date.now();
    const guid = `limits-${++guids}-${now}`;
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, shareGuid: guid });
    return { liveId, guid };
  }
  const enter = async (guid: string, remoteAddress: string) => {
    const res = await s.app.inject({ method: "POST", url: roomApi.shareEnter.path, payload: { guid }, remoteAddress });
    return res.json() as { code: number; msg: string; data: { token: string } | null };
  };

  it("gives one address a bounded number of viewer tokens for a live", async () => {
    const { guid } = await sharedLive();
    for (let i = 0; i < roomLimits.guestPassesPerAddress; i++) expect((await enter(guid, "10.7.0.1")).code).toBe(0);
    expect(await enter(guid, "10.7.0.1")).toMatchObject({ code: 429, msg: roomMessages.guestPassesSpent });
    expect((await enter(guid, "10.7.0.2")).code).toBe(0);
    // Another live's link is counted apart.
    expect((await enter((await sharedLive()).guid, "10.7.0.1")).code).toBe(0);
  });

  it("lets a bounded number of guests in at once from one address", async () => {
    const { guid } = await sharedLive();
    const tokens = await Promise.all(Array.from({ length: roomLimits.guestPagesPerAddress + 5 }, async () => (await enter(guid, "10.7.1.1")).data!.token));
    const guests = tokens.map((token) => page(token, "127.0.0.9"));
    const answers = await Promise.all(guests.map(answerOf));
    expect(answers.filter((m) => m.t === "welcome")).toHaveLength(roomLimits.guestPagesPerAddress);
    expect(answers.filter((m) => m.t === "error").map((m) => (m as { msg: string }).msg)).toEqual(Array(5).fill(roomMessages.guestsFromAddressFull));
    // Another address is not held back, and a guest who leaves makes room.
    expect((await answerOf(page((await enter(guid, "10.7.1.2")).data!.token, "127.0.0.10"))).t).toBe("welcome");
    await guests[answers.findIndex((m) => m.t === "welcome")].close();
    expect((await answerOf(page((await enter(guid, "10.7.1.1")).data!.token, "127.0.0.9"))).t).toBe("welcome");
  });

  it("lets a bounded number of guests into one live from everywhere", async () => {
    const { liveId, guid } = await sharedLive();
    // Guests held by another process, as its open visits say.
    const now = Date.now();
    const others = Array.from({ length: roomLimits.guestPagesPerLive }, (_, i) => ({
      org_id: org,
      live_id: liveId,
      identity_id: null,
      viewer_key: `a-other-${i}`,
      username: `游客${i}`,
      role: "guest",
      play_type: 1,
      device: "pc",
      ip: `10.8.${i >> 8}.${i & 255}`,
      node: "elsewhere",
      conn: `other-${liveId}-${i}`,
      entered_at: now,
      left_at: null,
      seen_at: now,
    }));
    for (let i = 0; i < others.length; i += 500) await s.db.kysely.insertInto("room_visits").values(others.slice(i, i + 500)).execute();
    expect(await answerOf(page((await enter(guid, "10.7.2.1")).data!.token, "127.0.0.11"))).toMatchObject({ t: "error", msg: roomMessages.guestsFull });
    // The live's people (not guests) still come in.
    expect((await answerOf(page(studentToken(students[2], liveId)))).t).toBe("welcome");
  });

  it("announces comings in batches, listing a room's first people and counting them all", async () => {
    const { liveId, guid } = await sharedLive();
    const now = Date.now();
    const already = roomLimits.presenceShown + 20;
    const rows = Array.from({ length: already }, (_, i) => ({
      org_id: org,
      live_id: liveId,
      identity_id: null,
      viewer_key: `a-here-${i}`,
      username: `游客${i}`,
      role: "guest",
      play_type: 1,
      device: "pc",
      ip: `10.9.${i >> 8}.${i & 255}`,
      node: "elsewhere",
      conn: `here-${liveId}-${i}`,
      entered_at: now,
      left_at: null,
      seen_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500) await s.db.kysely.insertInto("room_visits").values(rows.slice(i, i + 500)).execute();
    const first = page((await enter(guid, "10.7.3.1")).data!.token, "127.0.0.12");
    const welcome = await first.next("welcome");
    expect(welcome.people).toBe(already + 1);
    expect(new Set(welcome.present.map((p) => p.key)).size).toBe(roomLimits.presenceShown);
    let frames = 0;
    first.socket.on("message", () => frames++);

    const more = 20;
    const tokens = await Promise.all(Array.from({ length: more }, async (_, i) => (await enter(guid, `10.7.3.${10 + i}`)).data!.token));
    const late = tokens.map((token, i) => page(token, `127.0.0.${20 + i}`));
    await Promise.all(late.map((p) => p.next("welcome")));
    await first.next("people", (m) => m.n === already + 1 + more);
    // Twenty comings reached the first page as a few frames, none naming someone past the list.
    expect(frames).toBeLessThan(more / 2);
    expect(first.got.filter((m) => m.t === "join")).toEqual([]);
  });
});
