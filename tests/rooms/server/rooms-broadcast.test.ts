import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { broadcastSocketPath, roomApi, roomMessages } from "../../../resources/rooms/room-api";
import type { PublishServerMessage } from "../../../resources/rooms/room-protocol";
import { EventEmitter } from "node:events";
import { ffmpegTools } from "../../../server/adapters/ffmpeg";
import { mediaStore, signedMediaUrl } from "../../../server/services/media/store";
import { Broadcasts } from "../../../server/services/rooms/broadcast";
import { signRoomToken } from "../../../server/services/rooms/room-token";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { enterRoom, eventually, identityOf, listening, makeLive, MINUTE, openRoom, type RoomPage } from "./rooms-helpers";

/**
 * The large class's publication (issue 18): only the live's teacher publishes; ffmpeg turns the
 * webm chunks into HLS served to the room's viewers; the room hears waiting / live / ended; ending
 * makes an MP4 recording the playback room lists. Needs ffmpeg (CI installs Debian's).
 */

let s: TestServer;
let ws: string;
let org: number;
let webm: Buffer;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const sockets: WebSocket[] = [];
const pages: RoomPage[] = [];

beforeAll(async () => {
  // A teacher gone after the end time ends the live after a second here (a minute by default).
  s = await startTestServer({ config: { broadcastGoneMs: 1000 } });
  ws = await listening(s.app);
  for (const [who, mobile, role] of [["teacher", "13800000001", "teacher"], ["student", "13800000003", "student"], ["assistant", "13800000002", "assistant"]] as const) {
    const identity = await identityOf(s.db, mobile, role);
    ids[who] = identity.id;
    org = identity.org_id;
    cookies[who] = await signIn(s.app, mobile, role);
  }
  // Four seconds of a test picture and a tone, as a browser's MediaRecorder would send (vp8 + opus).
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-webm-"));
  const file = path.join(tmp, "x.webm");
  execFileSync("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15", "-f", "lavfi", "-i", "sine", "-t", "4", "-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libopus", file]);
  webm = fs.readFileSync(file);
  fs.rmSync(tmp, { recursive: true, force: true });
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  for (const p of pages) p.socket.terminate();
  await s.close();
});

interface Publisher {
  socket: WebSocket;
  next(t: PublishServerMessage["t"], timeoutMs?: number): Promise<PublishServerMessage>;
}

function publisher(token: string): Publisher {
  const socket = new WebSocket(ws + broadcastSocketPath);
  sockets.push(socket);
  const got: PublishServerMessage[] = [];
  socket.on("open", () => socket.send(JSON.stringify({ t: "hello", token })));
  socket.on("message", (raw) => got.push(JSON.parse(raw.toString()) as PublishServerMessage));
  return {
    socket,
    next: async (t, timeoutMs = 20_000) => {
      let found: PublishServerMessage | undefined;
      await eventually(() => !!(found = got.find((m) => m.t === t)), timeoutMs);
      got.splice(got.indexOf(found!), 1);
      return found!;
    },
  };
}

async function tokenOf(who: "teacher" | "student" | "assistant", liveId: number, userType: number, replay?: number) {
  const res = await enterRoom(s.app, cookies[who], { room_id: liveId, group_id: org, user_type: userType, ...(replay ? { replay } : {}) });
  expect(res.code, res.msg).toBe(0);
  return res.data!.token;
}

/** Sends the webm in pieces, as the recorder's timeslices arrive. */
function sendWebm(p: Publisher) {
  for (let at = 0; at < webm.length; at += 16 * 1024) p.socket.send(webm.subarray(at, at + 16 * 1024), { binary: true });
}

const hls = (playlist: string, file: string, token: string) => s.app.inject({ method: "GET", url: `${playlist.replace(/live\.m3u8$/, file)}?token=${encodeURIComponent(token)}` });

describe("a server without ffmpeg", () => {
  it("refuses the teacher's publication with a reason and logs it, never pretending", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher] });
    const logged: unknown[] = [];
    const log = { error: (...args: unknown[]) => logged.push(args), warn: () => {} } as never;
    const key = tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
    const broadcasts = new Broadcasts({ db: s.db, key, dataDir: s.dataDir, media: mediaStore(s.dataDir), tools: () => null, publish: async () => {}, log });
    // A socket as far as the service reads one: what it sends, and whether it closed.
    const sent: string[] = [];
    const socket = Object.assign(new EventEmitter(), { OPEN: 1, readyState: 1, send: (d: string) => sent.push(d), close: () => {} });
    broadcasts.accept(socket as never);
    const token = signRoomToken(key, { orgId: org, liveId, identityId: ids.teacher, userType: 1, role: "teacher", key: `i${ids.teacher}`, name: "李老师", playType: 1, exparam: "" });
    socket.emit("message", Buffer.from(JSON.stringify({ t: "hello", token })), false);
    await eventually(() => sent.length > 0);
    expect(JSON.parse(sent[0])).toEqual({ t: "error", msg: roomMessages.publishNoFfmpeg, fatal: true });
    expect(logged).toHaveLength(1);
    await broadcasts.close();
  });
});

describe.skipIf(!ffmpegTools())("a large class's publication", () => {
  it("refuses a publisher who is not the live's teacher, in words", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], students: [ids.student] });
    const student = publisher(await tokenOf("student", liveId, 0));
    expect(await student.next("error")).toEqual({ t: "error", msg: roomMessages.publishTeacherOnly, fatal: true });
    // Another teacher's identity with a forged role is no teacher of this live: the token says so, and it is signed.
    const forged = signRoomToken(tokenSecret({ tokenSecret: null, dataDir: s.dataDir }), { orgId: org, liveId, identityId: ids.student, userType: 0, role: "student", key: "x", name: "x", playType: 1, exparam: "" });
    expect(await publisher(forged).next("error")).toMatchObject({ msg: roomMessages.publishTeacherOnly });
    expect(await publisher("not a token").next("error")).toMatchObject({ msg: roomMessages.tokenInvalid });
  });

  it("lets the assistant the teacher gives the floor to publish, and stops it when the teacher takes the floor back", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], assistants: [ids.assistant], students: [ids.student] });
    const [teacherToken, assistantToken, studentToken] = [await tokenOf("teacher", liveId, 1), await tokenOf("assistant", liveId, 2), await tokenOf("student", liveId, 0)];
    const floor = (token: string, key: string) => s.app.inject({ method: "POST", url: roomApi.floor.path, payload: { token, key } }).then((r) => r.json() as { code: number; msg: string });
    const viewer = openRoom(ws, studentToken);
    pages.push(viewer);
    expect((await viewer.next("welcome")).live.broadcast.floor).toBeNull();

    // Without the floor the assistant is refused; only the teacher gives it, and only to an assistant of the live.
    expect(await publisher(assistantToken).next("error")).toMatchObject({ msg: roomMessages.publishTeacherOnly });
    expect(await floor(assistantToken, `i${ids.assistant}`)).toMatchObject({ code: 403, msg: roomMessages.floorTeacherOnly });
    expect(await floor(studentToken, `i${ids.assistant}`)).toMatchObject({ code: 403, msg: roomMessages.floorTeacherOnly });
    expect(await floor(teacherToken, `i${ids.student}`)).toMatchObject({ code: 403, msg: roomMessages.floorAssistantOnly });
    expect((await floor(teacherToken, "x1")).code).toBe(400);

    expect(await floor(teacherToken, `i${ids.assistant}`)).toMatchObject({ code: 0, msg: "已交出发言权" });
    await eventually(() => viewer.got.some((m) => m.t === "broadcast" && m.broadcast.floor?.key === `i${ids.assistant}`));
    const assistant = publisher(assistantToken);
    await assistant.next("ready");
    sendWebm(assistant);
    await eventually(() => viewer.got.some((m) => m.t === "broadcast" && m.broadcast.state === "live"), 30_000);
    // The live stays the teacher's to end.
    assistant.socket.send(JSON.stringify({ t: "end" }));
    expect(await assistant.next("error")).toMatchObject({ msg: roomMessages.endTeacherOnly });

    expect(await floor(teacherToken, "")).toMatchObject({ code: 0, msg: "已收回发言权" });
    expect(await assistant.next("error")).toEqual({ t: "error", msg: roomMessages.floorTaken, fatal: true });
    await eventually(() => viewer.got.some((m) => m.t === "broadcast" && m.broadcast.floor === null && m.broadcast.state === "waiting"), 20_000);
    expect(await publisher(assistantToken).next("error")).toMatchObject({ msg: roomMessages.publishTeacherOnly });
    // The teacher publishes again, on the same playlist.
    await publisher(teacherToken).next("ready");
  });

  it("turns the teacher's webm into HLS the room's viewers get, follows a reconnect, and ends with a playable MP4 recording", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], students: [ids.student] });
    const studentToken = await tokenOf("student", liveId, 0);
    const viewer = openRoom(ws, studentToken);
    pages.push(viewer);
    const welcome = await viewer.next("welcome");
    expect(welcome.live.broadcast).toEqual({ state: "waiting", playlist: "", floor: null });

    const teacherToken = await tokenOf("teacher", liveId, 1);
    const first = publisher(teacherToken);
    await first.next("ready");
    sendWebm(first);
    const live = await viewer.next("broadcast", (m) => m.broadcast.state === "live", 30_000);
    const { playlist } = live.broadcast;
    expect(playlist).toMatch(new RegExp(`^/api/v1/room/hls/${liveId}/[0-9a-f]{32}/live\\.m3u8$`));

    // The viewer's token opens the files; none, or another live's, does not.
    await eventually(async () => (await hls(playlist, "live.m3u8", studentToken)).body.includes("r1-00000.ts"), 30_000);
    const list = await hls(playlist, "live.m3u8", studentToken);
    expect(list.headers["content-type"]).toBe("application/vnd.apple.mpegurl");
    const segment = await hls(playlist, "r1-00000.ts", studentToken);
    expect([segment.statusCode, segment.headers["content-type"]]).toEqual([200, "video/mp2t"]);
    expect(segment.rawPayload.length).toBeGreaterThan(1000);
    expect((await s.app.inject({ method: "GET", url: playlist })).statusCode).toBe(404);
    const { liveId: other } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, students: [ids.student] });
    expect((await hls(playlist, "live.m3u8", await tokenOf("student", other, 0))).statusCode).toBe(404);
    expect((await hls(playlist.replace(/[0-9a-f]{32}/, "0".repeat(32)), "live.m3u8", studentToken)).statusCode).toBe(404);

    // The publisher drops: the room waits; it comes back and the same playlist goes on after a discontinuity.
    first.socket.close();
    await viewer.next("broadcast", (m) => m.broadcast.state === "waiting", 30_000);
    const second = publisher(teacherToken);
    await second.next("ready");
    sendWebm(second);
    expect((await viewer.next("broadcast", (m) => m.broadcast.state === "live", 30_000)).broadcast.playlist).toBe(playlist);
    await eventually(async () => /#EXT-X-DISCONTINUITY\s+#EXTINF[^\n]*\n\s*r2-/.test((await hls(playlist, "live.m3u8", studentToken)).body), 30_000);

    // 结束直播: ended for the room, then the recording is stored and listed.
    second.socket.send(JSON.stringify({ t: "end" }));
    await viewer.next("broadcast", (m) => m.broadcast.state === "ended", 30_000);
    expect(await second.next("ended", 60_000)).toEqual({ t: "ended" });
    const rows = await s.db.kysely.selectFrom("live_recordings").selectAll().where("live_id", "=", liveId).execute();
    // Ended now, before its planned end: the portal's replay status follows.
    expect((await s.db.kysely.selectFrom("lives").select("status").where("id", "=", liveId).executeTakeFirstOrThrow()).status).toBe(2);
    expect(rows).toHaveLength(1);
    expect(rows[0].url).toMatch(/^\/cms\/vod\/file\/[0-9a-f]{32}\.mp4$/);
    // The recording holds the segments now: their folder is gone, and so are the live's HLS files.
    expect(fs.existsSync(path.join(s.dataDir, "broadcasts", String(liveId), playlist.split("/")[6]))).toBe(false);
    expect((await hls(playlist, "live.m3u8", studentToken)).statusCode).toBe(404);
    expect(rows[0].duration_seconds).toBeGreaterThanOrEqual(6);
    // Served only at the signed address the room hands out, with ranges for seeking.
    const key = tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
    const signed = signedMediaUrl(key, rows[0].url);
    expect((await s.app.inject({ method: "GET", url: rows[0].url })).statusCode).toBe(403);
    const mp4 = await s.app.inject({ method: "GET", url: signed });
    expect([mp4.statusCode, mp4.headers["content-type"], mp4.rawPayload.length]).toEqual([200, "video/mp4", Number(rows[0].size_bytes)]);
    const ranged = await s.app.inject({ method: "GET", url: signed, headers: { range: "bytes=0-99" } });
    expect([ranged.statusCode, ranged.rawPayload.length]).toEqual([206, 100]);
    // Playable: ffprobe reads an H.264 video and an AAC audio stream from it.
    const file = path.join(s.dataDir, "media", path.basename(rows[0].url));
    const streams = execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", file], { encoding: "utf8" }).trim().split("\n").sort();
    expect(streams).toEqual(["aac", "h264"]);

    // The playback room lists it; the ended live takes no more publication.
    const replay = openRoom(ws, await tokenOf("student", liveId, 0, 1));
    pages.push(replay);
    expect((await replay.next("welcome")).recordings).toEqual([{ name: "房间测试直播 回放", url: signedMediaUrl(key, rows[0].url), duration: rows[0].duration_seconds, live: true }]);
    expect(await publisher(teacherToken).next("error")).toMatchObject({ msg: roomMessages.publishEnded });
  }, 120_000);

  it("ends a live whose teacher has been gone past its end time, and makes its recording", async () => {
    const now = Date.now();
    // Its end time has passed: the room lets nobody in now, so the teacher's token is signed here, as the room signed it earlier.
    const { liveId } = await makeLive(s.db, { org, begin: now - 60 * MINUTE, end: now - 1000, teachers: [ids.teacher] });
    const token = signRoomToken(tokenSecret({ tokenSecret: null, dataDir: s.dataDir }), { orgId: org, liveId, identityId: ids.teacher, userType: 1, role: "teacher", key: `i${ids.teacher}`, name: "李老师", playType: 1, exparam: "" });
    const p = publisher(token);
    await p.next("ready");
    sendWebm(p);
    await eventually(async () => fs.existsSync(path.join(s.dataDir, "broadcasts", String(liveId), "state.json")) && fs.readFileSync(path.join(s.dataDir, "broadcasts", String(liveId), "state.json"), "utf8").includes('"live"'), 30_000);
    p.socket.close();
    await eventually(async () => (await s.db.kysely.selectFrom("live_recordings").select("id").where("live_id", "=", liveId).execute()).length === 1, 30_000);
    expect(await publisher(token).next("error")).toMatchObject({ msg: roomMessages.publishEnded });
  }, 60_000);

  it("ends and records a live left by a process that stopped past its end, and shows one before its end as waiting", async () => {
    const now = Date.now();
    // What a process that died while publishing leaves: the state "live", a playlist nobody writes any more, its segments.
    const leave = async (liveId: number) => {
      const folder = "ab".repeat(16);
      const dir = path.join(s.dataDir, "broadcasts", String(liveId), folder);
      fs.mkdirSync(dir, { recursive: true });
      execFileSync("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15", "-f", "lavfi", "-i", "sine", "-t", "2", "-c:v", "libx264", "-c:a", "aac", "-f", "mpegts", path.join(dir, "r1-00000.ts")]);
      fs.writeFileSync(path.join(dir, "live.m3u8"), "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nr1-00000.ts\n");
      const stale = new Date(now - 10 * MINUTE);
      fs.utimesSync(path.join(dir, "live.m3u8"), stale, stale);
      fs.writeFileSync(path.join(s.dataDir, "broadcasts", String(liveId), "state.json"), JSON.stringify({ org, folder, state: "live", runs: 1 }));
      return dir;
    };
    const stateOf = (liveId: number) => JSON.parse(fs.readFileSync(path.join(s.dataDir, "broadcasts", String(liveId), "state.json"), "utf8")).state;
    const { liveId: over } = await makeLive(s.db, { org, begin: now - 60 * MINUTE, end: now - MINUTE, teachers: [ids.teacher] });
    const { liveId: going } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher] });
    const overDir = await leave(over);
    await leave(going);
    await eventually(async () => (await s.db.kysely.selectFrom("live_recordings").select("id").where("live_id", "=", over).execute()).length === 1, 30_000);
    expect(stateOf(over)).toBe("ended");
    // Removed once the recording is listed.
    await eventually(() => !fs.existsSync(overDir), 10_000);
    await eventually(() => stateOf(going) === "waiting", 30_000);
    expect((await s.db.kysely.selectFrom("live_recordings").select("id").where("live_id", "=", going).execute()).length).toBe(0);
  }, 60_000);

  // On PostgreSQL several processes serve one live: the state file is shared through DATA_DIR, the state changes through NOTIFY.
  it.skipIf(!process.env.DATABASE_URL)("tells a viewer on another process, and serves it the files", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], students: [ids.student] });
    const other = await s.twin();
    const studentToken = await tokenOf("student", liveId, 0);
    const viewer = openRoom(await listening(other), studentToken);
    pages.push(viewer);
    await viewer.next("welcome");
    const p = publisher(await tokenOf("teacher", liveId, 1));
    await p.next("ready");
    sendWebm(p);
    const { playlist } = (await viewer.next("broadcast", (m) => m.broadcast.state === "live", 30_000)).broadcast;
    const list = await other.inject({ method: "GET", url: `${playlist}?token=${encodeURIComponent(studentToken)}` });
    expect([list.statusCode, list.body]).toEqual([200, expect.stringContaining("r1-00000.ts")]);
    p.socket.close();
    await viewer.next("broadcast", (m) => m.broadcast.state === "waiting", 30_000);
  }, 60_000);
});
