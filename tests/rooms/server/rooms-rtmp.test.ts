import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushApi, pushMessages, roomMessages } from "../../../resources/rooms/room-api";
import { ffmpegTools } from "../../../server/adapters/ffmpeg";
import { mediaStore } from "../../../server/services/media/store";
import { Broadcasts, type Publisher } from "../../../server/services/rooms/broadcast";
import { pushKeyOf } from "../../../server/services/rooms/push-key";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { enterRoom, eventually, identityOf, listening, makeLive, MINUTE, openRoom, type RoomPage } from "./rooms-helpers";

/**
 * Manual push (issue 18, pushStreamType 1): an encoder publishes RTMP with the live's key to the
 * server's ingest, which feeds the same HLS pipeline as the browser; the room's viewers see it,
 * a reconnect continues the playlist, the live's end makes the recording. A key of another live,
 * outside the live's window, or of a live on automatic push is refused, and garbage never hurts.
 * Needs ffmpeg (CI installs Debian's).
 */

let s: TestServer;
let ws: string;
let port: number;
let org: number;
let key: Buffer;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const pages: RoomPage[] = [];
const manual = { pushStreamType: "1" };

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port: free } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

beforeAll(async () => {
  port = await freePort();
  // A publisher gone after the end time ends the live after a second here (a minute by default).
  s = await startTestServer({ config: { broadcastGoneMs: 1000, rtmpPort: port } });
  ws = await listening(s.app);
  key = tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
  for (const [who, mobile, role] of [["admin", "13800000000", "admin"], ["teacher", "13800000001", "teacher"], ["student", "13800000003", "student"]] as const) {
    const identity = await identityOf(s.db, mobile, role);
    ids[who] = identity.id;
    org = identity.org_id;
    cookies[who] = await signIn(s.app, mobile, role);
  }
}, 120_000);
afterAll(async () => {
  for (const p of pages) p.socket.terminate();
  await s?.close();
});

/** GET /cms/livepush as someone, reached at 127.0.0.1 (the test server's public origin) unless `host` says otherwise. */
const pushAddress = async (cookie: string, liveid: unknown, host = "127.0.0.1:8080") =>
  (await s.app.inject({ method: "GET", url: `${pushApi.address.path}?liveid=${liveid}`, headers: { cookie, host } })).json() as { code: number; msg: string; data: { url: string; key: string } };

/** An encoder pushing a test picture and tone for `seconds`: its exit code when it stops. */
function push(url: string, seconds: number): Promise<number> {
  const ffmpeg = spawn("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-re", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15", "-f", "lavfi", "-i", "sine"],
    ...["-t", String(seconds), "-c:v", "libx264", "-preset", "veryfast", "-c:a", "aac", "-f", "flv", url],
  ], { stdio: "ignore" });
  const stopped = new Promise<number>((resolve) => ffmpeg.on("close", (code) => resolve(code ?? -1)));
  // A refused or stuck encoder never outlives its test.
  const killer = setTimeout(() => ffmpeg.kill("SIGKILL"), (seconds + 30) * 1000);
  return stopped.finally(() => clearTimeout(killer));
}

const stateFile = (liveId: number) => path.join(s.dataDir, "broadcasts", String(liveId), "state.json");

const hls = (playlist: string, file: string, token: string) => s.app.inject({ method: "GET", url: `${playlist.replace(/live\.m3u8$/, file)}?token=${encodeURIComponent(token)}` });

async function viewerToken(liveId: number) {
  const res = await enterRoom(s.app, cookies.student, { room_id: liveId, group_id: org, user_type: 0 });
  expect(res.code, res.msg).toBe(0);
  return res.data!.token;
}

describe("the push address", () => {
  it("answers a live's address and key to liveop, one key a live, and refuses another organisation's live and bad input in words", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now, end: now + 60 * MINUTE, config: manual });
    const { liveId: other } = await makeLive(s.db, { org, begin: now, end: now + 60 * MINUTE, config: manual });
    const answer = await pushAddress(cookies.admin, liveId);
    expect(answer).toMatchObject({ code: 0, data: { url: `rtmp://127.0.0.1:${port}/live`, key: pushKeyOf(key, org, liveId) } });
    expect(answer.data.key).toMatch(new RegExp(`^${org}-${liveId}-[A-Za-z0-9_-]{32}$`));
    expect((await pushAddress(cookies.admin, other)).data.key).not.toBe(answer.data.key);
    // The host is one of the server's own origins, never whatever a Host header says.
    expect((await pushAddress(cookies.admin, liveId, "elsewhere.example")).data.url).toBe(`rtmp://127.0.0.1:${port}/live`);
    // Stable: the encoder is set up once.
    expect((await pushAddress(cookies.admin, liveId)).data.key).toBe(answer.data.key);

    expect(await pushAddress(cookies.student, liveId)).toMatchObject({ code: 403 });
    expect(await pushAddress(cookies.admin, "x")).toMatchObject({ code: 400, msg: "直播编号不正确" });
    const elsewhere = await s.db.kysely.insertInto("organisations").values({ name: "别的学校", created_at: now }).returning("id").executeTakeFirstOrThrow();
    const { liveId: foreign } = await makeLive(s.db, { org: elsewhere.id, begin: now, end: now + 60 * MINUTE, config: manual });
    expect(await pushAddress(cookies.admin, foreign)).toMatchObject({ code: 404, msg: "直播不存在" });
  });

  it("says when the server has no ingest", async () => {
    const off = await startTestServer();
    try {
      const admin = await signIn(off.app, "13800000000", "admin");
      const now = Date.now();
      const { liveId } = await makeLive(off.db, { org, begin: now, end: now + MINUTE, config: manual });
      const res = (await off.app.inject({ method: "GET", url: `${pushApi.address.path}?liveid=${liveId}`, headers: { cookie: admin } })).json();
      expect([res.code === 0, res.msg]).toEqual([false, pushMessages.off]);
    } finally {
      await off.close();
    }
  });
});

describe("who may push", () => {
  // The rules on their own, at a fixed moment, with the reason the ingest logs.
  const at = Date.parse("2026-11-20T10:00:00+08:00");
  const encoder: Publisher = { input: ["-f", "flv"], open: true, send: () => {}, close: () => {} };
  let broadcasts: Broadcasts;
  beforeAll(() => {
    const log = { error: () => {}, warn: () => {}, info: () => {} } as never;
    // Without ffmpeg: a publication the rules admit is then refused for that, and nothing runs.
    broadcasts = new Broadcasts({ db: s.db, key, dataDir: s.dataDir, media: mediaStore(s.dataDir), tools: () => null, publish: async () => {}, log });
  });
  afterAll(() => broadcasts.close());

  it("refuses another live's key, a live outside its window, on automatic push, voided, or of no organisation", async () => {
    const live = (spec: Partial<Parameters<typeof makeLive>[1]> = {}) => makeLive(s.db, { org, begin: at + 10 * MINUTE, end: at + 70 * MINUTE, config: manual, ...spec }).then((l) => l.liveId);
    const open = await live();
    const reason = (streamKey: string, now = at) => broadcasts.push(encoder, streamKey, now);

    // Admitted by the rules (10 minutes before the start is within the teachers' 30): refused only for want of ffmpeg.
    expect(await reason(pushKeyOf(key, org, open))).toBe(`live ${open}: ${roomMessages.publishNoFfmpeg}`);
    const other = await live();
    expect(await reason(`${org}-${other}-${pushKeyOf(key, org, open).slice(`${org}-${open}-`.length)}`)).toMatch(/not one this server made/);
    expect(await reason(pushKeyOf(Buffer.from("another server's key, long enough to sign"), org, open))).toMatch(/not one this server made/);
    expect(await reason("garbage/../x")).toMatch(/not one this server made/);
    expect(await reason("")).toMatch(/not one this server made/);

    expect(await reason(pushKeyOf(key, org, open), at - 21 * MINUTE)).toMatch(/opens for pushing at/);
    expect(await reason(pushKeyOf(key, org, open), at + 70 * MINUTE)).toMatch(/ended at/);
    const later = await live({ config: { ...manual, teaEnterTs: "60" } });
    expect(await reason(pushKeyOf(key, org, later), at - 45 * MINUTE)).toBe(`live ${later}: ${roomMessages.publishNoFfmpeg}`);

    expect(await reason(pushKeyOf(key, org, await live({ config: { pushStreamType: "0" } })))).toMatch(/not set to manual push/);
    expect(await reason(pushKeyOf(key, org, await live({ config: {} })))).toMatch(/not set to manual push/);
    expect(await reason(pushKeyOf(key, org, await live({ voided: true })))).toMatch(/does not exist or is voided/);
    expect(await reason(pushKeyOf(key, 987654, open))).toMatch(/organisation 987654 does not exist/);
    const small = await live({ scale: 0 });
    expect(await reason(pushKeyOf(key, org, small))).toBe(`live ${small}: ${roomMessages.publishSmallClass}`);
  });
});

describe("an encoder whose ffmpeg run fails", () => {
  it("is dropped, so it reconnects to a new run, and its live waits meanwhile", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, config: manual });
    const log = { error: () => {}, warn: () => {}, info: () => {} } as never;
    // An ffmpeg that fails at once, as one meeting input it cannot read.
    const broadcasts = new Broadcasts({ db: s.db, key, dataDir: s.dataDir, media: mediaStore(s.dataDir), tools: () => ({ ffmpeg: "false", ffprobe: "false", version: "0" }), publish: async () => {}, log });
    const closed: number[] = [];
    const encoder: Publisher = { input: ["-f", "flv"], open: true, send: () => {}, close: (code) => void closed.push(code) };
    try {
      expect(await broadcasts.push(encoder, pushKeyOf(key, org, liveId))).toBeNull();
      await eventually(() => closed.length > 0, 10_000);
      expect(closed).toEqual([1011]);
      // The ingest reports the connection gone: the live waits for the encoder's next push.
      broadcasts.gone(encoder);
      expect(await broadcasts.stateOf(liveId)).toMatchObject({ state: "waiting" });
    } finally {
      await broadcasts.close();
    }
  });
});

describe.skipIf(!ffmpegTools())("an encoder's push", () => {
  it("turns the encoder's RTMP into the room's HLS, follows a reconnect, and past the end makes the recording and clears the segments", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 25_000, teachers: [ids.teacher], students: [ids.student], config: manual });
    const { url, key: streamKey } = (await pushAddress(cookies.admin, liveId)).data;
    const token = await viewerToken(liveId);
    const viewer = openRoom(ws, token);
    pages.push(viewer);
    expect((await viewer.next("welcome")).live.broadcast).toEqual({ state: "waiting", playlist: "", floor: null });

    const first = push(`${url}/${streamKey}`, 5);
    const { playlist } = (await viewer.next("broadcast", (m) => m.broadcast.state === "live", 30_000)).broadcast;
    expect(playlist).toMatch(new RegExp(`^/api/v1/room/hls/${liveId}/[0-9a-f]{32}/live\\.m3u8$`));
    await eventually(async () => (await hls(playlist, "live.m3u8", token)).body.includes("r1-00000.ts"), 30_000);
    const segment = await hls(playlist, "r1-00000.ts", token);
    expect([segment.statusCode, segment.headers["content-type"]]).toEqual([200, "video/mp2t"]);
    expect(segment.rawPayload.length).toBeGreaterThan(1000);

    // The encoder stops: the room waits; it pushes again and the same playlist goes on after a discontinuity.
    expect(await first).toBe(0);
    await viewer.next("broadcast", (m) => m.broadcast.state === "waiting", 30_000);
    const second = push(`${url}/${streamKey}`, 4);
    expect((await viewer.next("broadcast", (m) => m.broadcast.state === "live", 30_000)).broadcast.playlist).toBe(playlist);
    await eventually(async () => /#EXT-X-DISCONTINUITY\s+#EXTINF[^\n]*\n\s*r2-/.test((await hls(playlist, "live.m3u8", token)).body), 30_000);
    expect(await second).toBe(0);

    // Past its end with nobody pushing: ended for the room, the recording listed, the segments gone.
    await viewer.next("broadcast", (m) => m.broadcast.state === "ended", 60_000);
    await eventually(async () => (await s.db.kysely.selectFrom("live_recordings").select("id").where("live_id", "=", liveId).execute()).length === 1, 60_000);
    const [row] = await s.db.kysely.selectFrom("live_recordings").selectAll().where("live_id", "=", liveId).execute();
    expect(row.duration_seconds).toBeGreaterThanOrEqual(6);
    expect(fs.existsSync(path.join(s.dataDir, "media", path.basename(row.url)))).toBe(true);
    const folder = playlist.split("/")[6];
    await eventually(() => !fs.existsSync(path.join(s.dataDir, "broadcasts", String(liveId), folder)), 10_000);
    expect((await hls(playlist, "live.m3u8", token)).statusCode).toBe(404);
    // An ended live takes no more pushing.
    expect(await push(`${url}/${streamKey}`, 2)).not.toBe(0);
  }, 180_000);

  it("refuses another live's key, a time outside the window, automatic push, another application and playing; garbage closes quietly", async () => {
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, config: manual });
    const { liveId: other } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, config: manual });
    const { liveId: early } = await makeLive(s.db, { org, begin: now + 120 * MINUTE, end: now + 180 * MINUTE, config: manual });
    const { liveId: automatic } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE });
    const base = `rtmp://127.0.0.1:${port}`;
    const mac = pushKeyOf(key, org, liveId).slice(`${org}-${liveId}-`.length);
    const refused = [
      `${base}/live/${org}-${other}-${mac}`,
      `${base}/live/${pushKeyOf(key, org, early)}`,
      `${base}/live/${pushKeyOf(key, org, automatic)}`,
      `${base}/other/${pushKeyOf(key, org, liveId)}`,
      `${base}/live/not-a-key`,
    ];
    for (const url of refused) expect(await push(url, 2), url).not.toBe(0);
    for (const id of [liveId, other, early, automatic]) expect(fs.existsSync(stateFile(id))).toBe(false);

    // Playing is not offered: viewers watch the room's HLS.
    const player = spawn("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", `${base}/live/${pushKeyOf(key, org, liveId)}`, "-t", "1", "-f", "null", "-"], { stdio: "ignore" });
    expect(await new Promise((resolve) => player.on("close", resolve))).not.toBe(0);

    // Bytes that are no RTMP after a handshake: the connection is closed (the publication not asked in time), the server serves on.
    const garbage = net.connect(port, "127.0.0.1");
    const closed = new Promise((resolve) => garbage.on("close", resolve));
    garbage.on("error", () => {});
    // Read what the server says, so its closing reaches us.
    garbage.resume();
    garbage.write(Buffer.concat([Buffer.from([3]), Buffer.alloc(1536, 7), Buffer.alloc(1536, 9), Buffer.from("GET / HTTP/1.1\r\n\r\n"), Buffer.alloc(4096, 0xff)]));
    await closed;
    // A good push still goes through afterwards.
    const good = push(`${base}/live/${pushKeyOf(key, org, liveId)}`, 3);
    await eventually(() => fs.existsSync(stateFile(liveId)), 30_000);
    expect(await good).toBe(0);
    expect((await s.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
  }, 120_000);
});
