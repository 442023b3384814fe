import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomApi, roomLimits, roomMessages, type RoomChapter, type RoomDoc } from "../../../resources/rooms/room-api";
import { liveMediaApi, mediaApi, mediaMessages } from "../../../resources/vod/media-api";
import { Broadcasts } from "../../../server/services/rooms/broadcast";
import { signRoomToken, type RoomGrant } from "../../../server/services/rooms/room-token";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { startTestServer, type TestServer } from "../../kernel/server/helpers";
import { call } from "../../users/server/users-helpers";
import { demoCast, enterRoom, makeLive, MINUTE, openRoom, listening, type RoomPage } from "./rooms-helpers";

/**
 * The room's own calls with its token (issue 18 items 7, 8): the live's courseware for its viewers
 * (addresses signed, the cloud disk's bytes served without a session), the chapters the teacher marks
 * during the broadcast (only the teacher, at most 100, a few at a time, titles of at most 30
 * characters), and a live's recording moved to the recycle bin and restored. On SQLite, and on
 * PostgreSQL with DATABASE_URL.
 */

let s: TestServer;
let key: Buffer;
let org: number;
let otherOrg: number;
let ws: string;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const pages: RoomPage[] = [];

type Envelope<T = unknown> = { code: number; msg: string; data: T };

beforeAll(async () => {
  s = await startTestServer();
  ws = await listening(s.app);
  key = tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
  const cast = await demoCast(s);
  Object.assign(ids, cast.ids);
  Object.assign(cookies, cast.cookies);
  ({ org, otherOrg } = cast);
}, 60_000);
afterAll(async () => {
  for (const p of pages) p.socket.terminate();
  await s.close();
});

/** A live going on now, taught by the demo's teacher, with its assistant and student. */
const liveNow = async () =>
  (await makeLive(s.db, { org, begin: Date.now() - 10 * MINUTE, end: Date.now() + 50 * MINUTE, teachers: [ids.teacher], assistants: [ids.assistant], students: [ids.student] })).liveId;

const tokenOf = async (who: "teacher" | "assistant" | "student", liveId: number, replay = 0) => {
  const answer = await enterRoom(s.app, cookies[who], { room_id: liveId, group_id: org, user_type: { student: 0, teacher: 1, assistant: 2 }[who], replay });
  if (!answer.data) throw new Error(answer.msg);
  return answer.data.token;
};

/** What broadcast.ts keeps of a publication that has been on for `seconds` (one run, live): its state file and its segments. */
function publishing(liveId: number, seconds: number, state: "live" | "ended" = "live") {
  const folder = "ab".repeat(16);
  const dir = path.join(s.dataDir, "broadcasts", String(liveId), folder);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(s.dataDir, "broadcasts", String(liveId), "state.json"), JSON.stringify({ folder, state, runs: 1 }));
  const first = path.join(dir, "r1-00000.ts");
  fs.writeFileSync(first, "");
  const at = (Date.now() - seconds * 1000 + 2000) / 1000;
  fs.utimesSync(first, at, at);
}

const room = async <T>(endpoint: typeof roomApi.chapters, token: string, body?: Record<string, unknown>) => {
  const res = await s.app.inject({ method: endpoint.method, url: endpoint.path, query: endpoint.method === "GET" ? { token } : undefined, payload: body ? { token, ...body } : undefined });
  expect(res.statusCode).toBeLessThan(500);
  return res.json() as Envelope<T>;
};
const mark = (token: string, title: string) => room<RoomChapter>(roomApi.markChapter, token, { title });
const chapters = async (token: string) => (await room<RoomChapter[]>(roomApi.chapters, token)).data;

describe("chapters of a live", () => {
  it("the teacher marks the broadcast's present moment; every viewer of the live, replay included, lists them in order", async () => {
    const liveId = await liveNow();
    publishing(liveId, 12);
    const teacher = await tokenOf("teacher", liveId);
    const marked = await mark(teacher, "  函数图像  ");
    expect(marked.code, marked.msg).toBe(0);
    expect(marked.data.title).toBe("函数图像");
    // Twelve seconds of broadcast, as the segments' files say (a second either way for the test's own time).
    expect(marked.data.offset_ms).toBeGreaterThanOrEqual(11_000);
    expect(marked.data.offset_ms).toBeLessThan(14_000);
    publishing(liveId, 5 * 60);
    expect((await mark(teacher, "单调性")).code).toBe(0);
    expect((await chapters(await tokenOf("student", liveId))).map((c) => c.title)).toEqual(["函数图像", "单调性"]);
    expect((await chapters(await tokenOf("student", liveId, 1))).map((c) => c.title)).toEqual(["函数图像", "单调性"]);
  });

  it("only the live's teacher marks, during the live: a student, the assistant, the playback room and a broadcast not begun or ended are refused in words", async () => {
    const liveId = await liveNow();
    expect(await mark(await tokenOf("teacher", liveId), "开场")).toMatchObject({ code: 403, msg: roomMessages.chapterNotLive });
    publishing(liveId, 30);
    expect(await mark(await tokenOf("student", liveId), "开场")).toMatchObject({ code: 403, msg: roomMessages.chapterTeacherOnly });
    expect(await mark(await tokenOf("assistant", liveId), "开场")).toMatchObject({ code: 403, msg: roomMessages.chapterTeacherOnly });
    expect(await mark(await tokenOf("teacher", liveId, 1), "开场")).toMatchObject({ code: 403, msg: roomMessages.chapterTeacherOnly });
    publishing(liveId, 30, "ended");
    expect(await mark(await tokenOf("teacher", liveId), "开场")).toMatchObject({ code: 403, msg: roomMessages.ended });
    expect(await chapters(await tokenOf("student", liveId))).toEqual([]);
  });

  it("refuses a title over 30 characters or blank in the schema's words, and a token that is not the room's", async () => {
    const liveId = await liveNow();
    publishing(liveId, 30);
    const teacher = await tokenOf("teacher", liveId);
    expect(await mark(teacher, "章".repeat(31))).toMatchObject({ code: 400, msg: "章节标题不能超过30字" });
    expect(await mark(teacher, "   ")).toMatchObject({ code: 400, msg: "请输入章节标题" });
    expect((await mark(teacher, "章".repeat(30))).code).toBe(0);
    expect(await mark(teacher + "x", "开场")).toMatchObject({ code: 403, msg: roomMessages.tokenInvalid });
    const noToken = await s.app.inject({ method: "GET", url: roomApi.chapters.path });
    expect(noToken.json()).toMatchObject({ code: 403, msg: roomMessages.tokenInvalid });
  });

  it("keeps a live to 100 chapters and a person to a few at a time", async () => {
    const liveId = await liveNow();
    publishing(liveId, 30);
    const teacher = await tokenOf("teacher", liveId);
    for (let n = 1; n <= roomLimits.chapterBurst; n++) expect((await mark(teacher, `章节 ${n}`)).code).toBe(0);
    expect(await mark(teacher, "太快了")).toMatchObject({ code: 429, msg: roomMessages.chapterTooFast });
    const old = Date.now() - 60 * MINUTE;
    const more = Array.from({ length: roomLimits.chaptersPerLive - roomLimits.chapterBurst }, (_, i) => ({ org_id: org, live_id: liveId, offset_ms: i, title: `旧 ${i}`, viewer_key: "i0", created_at: old }));
    await s.db.kysely.insertInto("live_chapters").values(more).execute();
    expect(await chapters(teacher)).toHaveLength(roomLimits.chaptersPerLive);
    // The 101st, however long the teacher waited.
    await s.db.kysely.updateTable("live_chapters").set({ created_at: old }).where("live_id", "=", liveId).execute();
    expect(await mark(teacher, "第101个")).toMatchObject({ code: 403, msg: roomMessages.chaptersFull });
  });

  it("holds a token to its organisation: one signed for another organisation reaches none of this live's rows", async () => {
    const liveId = await liveNow();
    publishing(liveId, 30);
    expect((await mark(await tokenOf("teacher", liveId), "本校")).code).toBe(0);
    const grant: RoomGrant = { orgId: otherOrg, liveId, identityId: ids.teacher, userType: 1, role: "teacher", key: `i${ids.teacher}`, name: "李老师", playType: 1, exparam: "" };
    const foreign = signRoomToken(key, grant);
    expect(await chapters(foreign)).toEqual([]);
    expect(await mark(foreign, "外校")).toMatchObject({ code: 403, msg: roomMessages.liveNotFound });
    expect(await room(roomApi.docs, foreign)).toMatchObject({ code: 400, msg: mediaMessages.noSession });
  });

  it("measures a publication of several runs without the pauses between them", async () => {
    const liveId = await liveNow();
    const folder = "cd".repeat(16);
    const dir = path.join(s.dataDir, "broadcasts", String(liveId), folder);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(s.dataDir, "broadcasts", String(liveId), "state.json"), JSON.stringify({ folder, state: "live", runs: 2 }));
    const t0 = Date.now() - 100_000;
    // Run 1: three segments ending at t0+2 s, +4 s, +6 s; a pause of a minute; run 2 on since t0+70 s.
    for (const [name, ms] of [["r1-00000.ts", 2000], ["r1-00001.ts", 4000], ["r1-00002.ts", 6000], ["r2-00003.ts", 72_000], ["r2-00004.ts", 74_000]] as const) {
      fs.writeFileSync(path.join(dir, name), "");
      fs.utimesSync(path.join(dir, name), (t0 + ms) / 1000, (t0 + ms) / 1000);
    }
    const broadcasts = new Broadcasts({ db: s.db, key, dataDir: s.dataDir, media: null as never, tools: () => null, publish: async () => {}, log: s.app.log });
    try {
      // 6 s of run 1, then run 2 from t0+70 s to now (t0+100 s): 36 s.
      expect(await broadcasts.recordedMs(liveId, t0 + 100_000)).toBe(36_000);
    } finally {
      await broadcasts.close();
    }
  });
});

describe("the live's courseware in its room", () => {
  it("lists the live's files to its viewers with addresses the cloud disk serves them without a session; none says so", async () => {
    const liveId = await liveNow();
    const student = await tokenOf("student", liveId);
    expect((await room<RoomDoc[]>(roomApi.docs, student)).data).toEqual([]);
    const k = s.db.kysely;
    const t = Date.now();
    const stored = `${"e".repeat(32)}.pdf`;
    const object = await k
      .insertInto("cloud_objects")
      .values({ org_id: org, guid: "f".repeat(32), owner_id: 0, ext: "pdf", bytes: 9, name: stored, state: 1, created_at: t, updated_at: t })
      .returning("id")
      .executeTakeFirstOrThrow();
    const file = await k.insertInto("cloud_files").values({ org_id: org, file_type: 1, name: "函数图像.pdf", ext_name: "pdf", object_id: object.id, created_at: t, updated_at: t }).returning("id").executeTakeFirstOrThrow();
    fs.mkdirSync(path.join(s.dataDir, "cloud-disk", "files"), { recursive: true });
    fs.writeFileSync(path.join(s.dataDir, "cloud-disk", "files", stored), "%PDF-1.4\n");
    await k.updateTable("lives").set({ cloud_disk_files: JSON.stringify([{ Id: file.id, Name: "函数图像.pdf" }]) }).where("id", "=", liveId).execute();

    const docs = (await room<RoomDoc[]>(roomApi.docs, student)).data;
    expect(docs).toEqual([{ Id: file.id, Name: "函数图像.pdf", Size: 9, Type: "pdf", Url: expect.stringMatching(/^\/cloud-disk\/objects\/e{32}\.pdf\/.+\?e=\d+&s=/) }]);
    // The same rows as the admins' roomdocs, the address signed.
    const admins = await call(s.app, cookies.admin, liveMediaApi.roomDocs, { roomid: liveId });
    expect((admins.body as Envelope<RoomDoc[]>).data.map((d) => ({ ...d, Url: d.Url.split("?")[0] }))).toEqual(docs.map((d) => ({ ...d, Url: d.Url.split("?")[0] })));
    const opened = await s.app.inject({ method: "GET", url: docs[0].Url });
    expect([opened.statusCode, opened.body]).toEqual([200, "%PDF-1.4\n"]);
    // Without the signature (or with a wrong one) it needs a session that sees the file, which a room's viewer has not.
    expect((await s.app.inject({ method: "GET", url: docs[0].Url.split("?")[0] })).statusCode).toBe(401);
    expect((await s.app.inject({ method: "GET", url: docs[0].Url.replace(/s=[^&]+/, "s=" + "A".repeat(43)) })).statusCode).toBe(401);
  });
});

describe("a live's recording in the recycle bin", () => {
  it("an admin of the live list moves it there; the playback room stops playing it; restored, it plays again as the live's recording", async () => {
    const liveId = await liveNow();
    const k = s.db.kysely;
    await k.insertInto("live_recordings").values({ org_id: org, live_id: liveId, name: "房间测试直播 回放", url: `/cms/vod/file/${"a".repeat(32)}.mp4`, duration_seconds: 8, size_bytes: 1000, created_at: Date.now() }).execute();
    const replayNames = async () => {
      const page = openRoom(ws, await tokenOf("student", liveId, 1));
      pages.push(page);
      const names = (await page.next("welcome")).recordings.map((r) => [r.name, r.live]);
      await page.close();
      return names;
    };
    expect(await replayNames()).toEqual([["房间测试直播 回放", true]]);

    // Another organisation's admin and a student reach nothing.
    expect((await call(s.app, cookies.otherAdmin, liveMediaApi.removeRecording, { id: liveId })).body).toMatchObject({ code: 400, msg: mediaMessages.noSession });
    expect((await call(s.app, cookies.student, liveMediaApi.removeRecording, { id: liveId })).body).toMatchObject({ code: 403 });
    const removed = (await call(s.app, cookies.admin, liveMediaApi.removeRecording, { id: liveId })).body as Envelope;
    expect(removed).toMatchObject({ code: 0, msg: mediaMessages.recordingRemoved });
    expect(await replayNames()).toEqual([]);
    expect((await call(s.app, cookies.admin, liveMediaApi.removeRecording, { id: liveId })).body).toMatchObject({ code: 400, msg: mediaMessages.noReplay });

    const bin = (await call(s.app, cookies.admin, mediaApi.recycled, { page: 1, count: 50 })).body as Envelope<{ kind: string; id: number; roomid: number }[]>;
    const item = bin.data.find((r) => r.kind === "recording" && r.roomid === liveId)!;
    expect(item).toBeTruthy();
    expect((await call(s.app, cookies.admin, mediaApi.restore, { kind: "recording", id: item.id })).body).toMatchObject({ code: 0 });
    expect(await replayNames()).toEqual([["房间测试直播 回放", true]]);
  });
});
