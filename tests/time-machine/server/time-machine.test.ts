import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { roomMessages } from "../../../resources/rooms/room-api";
import { timeMachineApi, timeMachineMessages, timeMachineSettings } from "../../../resources/time-machine/time-machine";
import { hostPrefixes } from "../../../server/config";
import { signRoomToken } from "../../../server/services/rooms/room-token";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { gradientPng } from "../../kernel/fixtures/png";
import { startTestServer, type TestServer } from "../../kernel/server/helpers";
import { call } from "../../users/server/users-helpers";
import { demoCast, enterRoom, makeLive, MINUTE } from "../../rooms/server/rooms-helpers";

/**
 * The time machine's server (issue 20 items 5, 11): the teacher's room uploads JPEG frames with its
 * room token (only the live's teacher, judged by the bytes, at most 2 MB, a few a capture period a person,
 * inside the token's organisation), and `teacherfootmark` lists a live's frames for its
 * organisation's staff, who alone are served their bytes. On SQLite, and on PostgreSQL with DATABASE_URL.
 */

let s: TestServer;
let key: Buffer;
let org: number;
let otherOrg: number;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};

type Envelope<T = unknown> = { code: number; msg: string; data: T };
type Footmark = { title: string; timesort: number[]; imagelist: Record<string, { ts: number; url: string }> };

/** A real 1×1 JPEG. */
const jpeg = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=",
  "base64",
);

beforeAll(async () => {
  s = await startTestServer({ config: { footmarkPeriodMs: 45_000 } });
  key = tokenSecret({ tokenSecret: null, dataDir: s.dataDir });
  const cast = await demoCast(s);
  Object.assign(ids, cast.ids);
  Object.assign(cookies, cast.cookies);
  ({ org, otherOrg } = cast);
}, 60_000);
afterAll(() => s.close());

const urlOf = (endpoint: Endpoint) => (hostPrefixes[endpoint.host] ?? "") + endpoint.path;
const framesDir = () => path.join(s.dataDir, "time-machine");
const storedFiles = () => (fs.existsSync(framesDir()) ? fs.readdirSync(framesDir()) : []);

/** A live going on now, taught by the demo's teacher, with its assistant and student. */
const liveNow = async () =>
  (await makeLive(s.db, { org, begin: Date.now() - 10 * MINUTE, end: Date.now() + 50 * MINUTE, teachers: [ids.teacher], assistants: [ids.assistant], students: [ids.student] })).liveId;

const tokenOf = async (who: "teacher" | "assistant" | "student", liveId: number, replay = 0) => {
  const answer = await enterRoom(s.app, cookies[who], { room_id: liveId, group_id: org, user_type: { student: 0, teacher: 1, assistant: 2 }[who], replay });
  if (!answer.data) throw new Error(answer.msg);
  return answer.data.token;
};

function multipart(bytes: Buffer, name = "frame.jpg", type = "image/jpeg") {
  const boundary = "----lectern-footmark-boundary";
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function capture(token: string, bytes: Buffer = jpeg, name?: string, type?: string) {
  const { payload, headers } = multipart(bytes, name, type);
  const res = await s.app.inject({ method: "POST", url: urlOf(timeMachineApi.capture), query: { token }, payload, headers });
  expect(res.statusCode).toBeLessThan(500);
  return res.json() as Envelope<{ ts: number; next_ms: number } | null>;
}

const footmark = async (cookie: string, liveid: number | string) => (await call(s.app, cookie, timeMachineApi.footmark, { liveid })).body as Envelope<Footmark>;
const frameCount = async (liveId: number) => Number((await s.db.kysely.selectFrom("live_footmarks").select((eb) => eb.fn.countAll<number>().as("n")).where("live_id", "=", liveId).executeTakeFirstOrThrow()).n);

describe("a frame from the teacher's room", () => {
  it("keeps a JPEG of the live's teacher, tells the room when to send the next, and lists it in teacherfootmark for the staff", async () => {
    const liveId = await liveNow();
    const sent = await capture(await tokenOf("teacher", liveId));
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.data).toMatchObject({ next_ms: 45_000 });
    const answer = await footmark(cookies.admin, liveId);
    expect(answer.code, answer.msg).toBe(0);
    expect(answer.data.title).toBe("房间测试直播");
    expect(answer.data.timesort).toEqual([sent.data!.ts]);
    const shot = answer.data.imagelist[String(sent.data!.ts)];
    expect(shot.ts).toBe(sent.data!.ts);
    expect(shot.url).toMatch(/^\/cms\/teacherfootmark\/[0-9a-f]{32}\.jpg$/);
    const image = await s.app.inject({ url: shot.url, headers: { cookie: cookies.admin } });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/jpeg");
    expect(image.headers["cache-control"]).toContain("private");
    expect(image.rawPayload.equals(jpeg)).toBe(true);
    // Counted against the organisation's upload quota like every stored file.
    const upload = await s.db.kysely.selectFrom("uploads").select(["org_id", "bytes"]).where("name", "=", path.basename(shot.url)).executeTakeFirstOrThrow();
    expect(upload).toEqual({ org_id: org, bytes: jpeg.length });
  });

  it("refuses a PNG (whatever it is called) and an empty or missing file in words, keeping nothing", async () => {
    const liveId = await liveNow();
    const teacher = await tokenOf("teacher", liveId);
    const before = storedFiles();
    expect(await capture(teacher, gradientPng(4, 4), "frame.jpg", "image/jpeg")).toMatchObject({ code: 400, msg: timeMachineMessages.notJpeg });
    expect(await capture(teacher, Buffer.from("<html><script>alert(1)</script></html>"), "x.jpg")).toMatchObject({ code: 400, msg: timeMachineMessages.notJpeg });
    expect(await capture(teacher, Buffer.alloc(0))).toMatchObject({ code: 400, msg: timeMachineMessages.notJpeg });
    const json = await s.app.inject({ method: "POST", url: urlOf(timeMachineApi.capture), query: { token: teacher }, payload: { file: "x" } });
    expect(json.json()).toMatchObject({ code: 400, msg: timeMachineMessages.missing });
    expect(storedFiles()).toEqual(before);
    expect(await frameCount(liveId)).toBe(0);
  });

  it("refuses a 50 MB frame in words, not a 500, keeping nothing of it; takes exactly the maximum", async () => {
    const liveId = await liveNow();
    const teacher = await tokenOf("teacher", liveId);
    const before = storedFiles();
    const huge = Buffer.concat([jpeg.subarray(0, 20), Buffer.alloc(50 * 1024 * 1024, 1)]);
    expect(await capture(teacher, huge)).toMatchObject({ code: 400, msg: timeMachineMessages.tooLarge });
    expect(timeMachineMessages.tooLarge).toBe("截图不能超过2M");
    expect(storedFiles()).toEqual(before);
    expect(await frameCount(liveId)).toBe(0);
    const exact = Buffer.concat([jpeg, Buffer.alloc(timeMachineSettings.maxBytes - jpeg.length)]);
    expect((await capture(teacher, exact)).code).toBe(0);
    expect(await frameCount(liveId)).toBe(1);
  });

  it("takes frames from the live's teacher alone: a student, the assistant, the playback room and a forged token are refused", async () => {
    const liveId = await liveNow();
    expect(await capture(await tokenOf("student", liveId))).toMatchObject({ code: 403, msg: timeMachineMessages.teacherOnly });
    expect(await capture(await tokenOf("assistant", liveId))).toMatchObject({ code: 403, msg: timeMachineMessages.teacherOnly });
    expect(await capture(await tokenOf("teacher", liveId, 1))).toMatchObject({ code: 403, msg: timeMachineMessages.teacherOnly });
    expect(await capture((await tokenOf("teacher", liveId)) + "x")).toMatchObject({ code: 403, msg: roomMessages.tokenInvalid });
    const noToken = await s.app.inject({ method: "POST", url: urlOf(timeMachineApi.capture), ...multipart(jpeg) });
    expect(noToken.json()).toMatchObject({ code: 403, msg: roomMessages.tokenInvalid });
    expect(await frameCount(liveId)).toBe(0);
  });

  it("stays inside the token's organisation: a token of another organisation naming this live stores nothing", async () => {
    const liveId = await liveNow();
    const forged = signRoomToken(key, { orgId: otherOrg, liveId, identityId: ids.teacher, userType: 1, role: "teacher", key: `i${ids.teacher}`, name: "外校老师", playType: 1, exparam: "" });
    expect(await capture(forged)).toMatchObject({ code: 403, msg: roomMessages.liveNotFound });
    expect(await frameCount(liveId)).toBe(0);
  });

  it("takes a few frames a capture period from one person, across pages, and none for a voided live", async () => {
    const liveId = await liveNow();
    const pages = [await tokenOf("teacher", liveId), await tokenOf("teacher", liveId)];
    for (let i = 0; i < timeMachineSettings.burst; i++) expect((await capture(pages[i % 2])).code).toBe(0);
    const over = await s.app.inject({ method: "POST", url: urlOf(timeMachineApi.capture), query: { token: pages[1] }, ...multipart(jpeg) });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 429, msg: timeMachineMessages.tooFast });
    expect(await frameCount(liveId)).toBe(timeMachineSettings.burst);

    const voided = (await makeLive(s.db, { org, begin: Date.now() - MINUTE, end: Date.now() + MINUTE, teachers: [ids.teacher], voided: false })).liveId;
    const token = await tokenOf("teacher", voided);
    await s.db.kysely.updateTable("lives").set({ voided: 1 }).where("id", "=", voided).execute();
    expect(await capture(token)).toMatchObject({ code: 403, msg: roomMessages.voided });
  });
});

describe("teacherfootmark and the frames' bytes", () => {
  it("lists a live's frames in time order for the staff; another organisation, a teacher and a bad liveid are refused, the bytes 404 outside", async () => {
    const liveId = await liveNow();
    const teacher = await tokenOf("teacher", liveId);
    const times: number[] = [];
    for (let i = 0; i < 2; i++) {
      const sent = await capture(teacher);
      expect(sent.code, sent.msg).toBe(0);
      times.push(sent.data!.ts);
      await new Promise((r) => setTimeout(r, 5));
    }
    const own = await footmark(cookies.admin, liveId);
    expect(own.data.timesort).toEqual(times);
    expect(Object.keys(own.data.imagelist).map(Number).sort()).toEqual(times);
    const url = own.data.imagelist[times[0]].url;

    expect(await footmark(cookies.otherAdmin, liveId)).toMatchObject({ code: 404, msg: timeMachineMessages.noLive });
    expect((await s.app.inject({ url, headers: { cookie: cookies.otherAdmin } })).statusCode).toBe(404);
    expect((await s.app.inject({ url })).json()).toMatchObject({ code: 401 });
    expect((await call(s.app, cookies.teacher, timeMachineApi.footmark, { liveid: liveId })).body.code).toBe(403);
    expect((await s.app.inject({ url, headers: { cookie: cookies.student } })).json()).toMatchObject({ code: 403 });
    expect(await footmark(cookies.admin, "abc")).toMatchObject({ code: 400, msg: "直播编号不正确" });
    expect(await footmark(cookies.admin, 0)).toMatchObject({ code: 400, msg: "直播编号不正确" });
    // Names are random: a guessed or malformed one is no frame.
    expect((await s.app.inject({ url: `/cms/teacherfootmark/${"0".repeat(32)}.jpg`, headers: { cookie: cookies.admin } })).statusCode).toBe(404);
    expect((await s.app.inject({ url: "/cms/teacherfootmark/..%2F..%2Fetc%2Fpasswd", headers: { cookie: cookies.admin } })).statusCode).toBe(404);
  });

  it("answers an empty timeline for a live with no frames", async () => {
    const liveId = await liveNow();
    expect((await footmark(cookies.admin, liveId)).data).toEqual({ title: "房间测试直播", timesort: [], imagelist: {} });
  });
});
