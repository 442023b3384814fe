import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushApi, pushConfigDefaults, pushHeaders, type PushConfig } from "../../../resources/data-push/push-api";
import { broadcastSocketPath } from "../../../resources/rooms/room-api";
import type { PublishServerMessage } from "../../../resources/rooms/room-protocol";
import { pushesQueued } from "../../../server/services/data-push/emit";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { enterRoom, eventually, identityOf, listening, makeLive, MINUTE } from "../../rooms/server/rooms-helpers";
import { startReceiver } from "./receiver";

/**
 * A live's start and end reach the organisation's receiver (issue 19 item 8, 直播): the built-in
 * room's publication turns the live on at its first segment (直播开始, once, not again when the
 * teacher reconnects) and 结束直播 ends it (直播结束). Needs ffmpeg, as the room's publication does.
 */
let s: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let org: number;
let teacher: number;
let teacherCookie: string;
let webm: Buffer;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  [s, receiver] = await Promise.all([startTestServer({ config: { pushAllowPrivate: true } }), startReceiver()]);
  const admin = await signIn(s.app, "13800000000", "admin");
  const identity = await identityOf(s.db, "13800000001", "teacher");
  org = identity.org_id;
  teacher = identity.id;
  teacherCookie = await signIn(s.app, "13800000001", "teacher");
  const on = new Set(["live.started", "live.ended"]);
  const config: PushConfig = { status: 1, config: pushConfigDefaults.config.map((g) => ({ ...g, apis: g.apis.map((a) => (on.has(a.event) ? { ...a, url: receiver.url, status: 1 } : a)) })) };
  expect((await s.app.inject({ method: "PATCH", url: pushApi.configSet.path, headers: { cookie: admin }, payload: config })).json().code).toBe(0);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lectern-webm-"));
  const file = path.join(tmp, "x.webm");
  execFileSync("ffmpeg", ["-loglevel", "error", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=15", "-f", "lavfi", "-i", "sine", "-t", "3", "-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libopus", file]);
  webm = fs.readFileSync(file);
  fs.rmSync(tmp, { recursive: true, force: true });
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await s?.close();
  await receiver?.close();
});

/** The teacher's publishing page: what the server says, and the webm sent in the recorder's pieces. */
function publish(ws: string, token: string) {
  const socket = new WebSocket(ws + broadcastSocketPath);
  sockets.push(socket);
  const got: PublishServerMessage[] = [];
  socket.on("open", () => socket.send(JSON.stringify({ t: "hello", token })));
  socket.on("message", (raw) => got.push(JSON.parse(raw.toString()) as PublishServerMessage));
  return {
    socket,
    heard: (t: PublishServerMessage["t"], timeoutMs = 30_000) => eventually(() => got.some((m) => m.t === t), timeoutMs),
    send: () => {
      for (let at = 0; at < webm.length; at += 16 * 1024) socket.send(webm.subarray(at, at + 16 * 1024), { binary: true });
    },
  };
}

const events = async () => {
  await pushesQueued();
  await s.app.jobs.drain();
  return receiver.got.map((r) => r.headers[pushHeaders.event]);
};

describe("a live's start and end", () => {
  it("pushes 直播开始 at its first publication and 直播结束 when the teacher ends it", async () => {
    const ws = await listening(s.app);
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [teacher] });
    const entered = await enterRoom(s.app, teacherCookie, { room_id: liveId, group_id: org, user_type: 1 });
    expect(entered.code, entered.msg).toBe(0);
    const publisher = publish(ws, entered.data!.token);
    await publisher.heard("ready");
    publisher.send();
    await expect.poll(events, { timeout: 40_000, interval: 250 }).toEqual(["live.started"]);
    publisher.socket.send(JSON.stringify({ t: "end" }));
    await publisher.heard("ended", 60_000);
    await expect.poll(events, { timeout: 20_000, interval: 250 }).toEqual(["live.started", "live.ended"]);
    const [started, ended] = receiver.got.map((r) => JSON.parse(r.body) as { data: Record<string, unknown> });
    expect(started.data).toMatchObject({ liveid: liveId, title: "房间测试直播" });
    expect(ended.data).toMatchObject({ liveid: liveId, title: "房间测试直播" });
  }, 150_000);
});
