import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushApi, pushConfigDefaults, pushHeaders, type PushConfig } from "../../../resources/data-push/push-api";
import { pushesQueued } from "../../../server/services/data-push/emit";
import { signRoomToken } from "../../../server/services/rooms/room-token";
import { tokenSecret } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { identityOf, listening, makeLive, MINUTE, openRoom } from "../../rooms/server/rooms-helpers";
import { startReceiver } from "./receiver";

/**
 * The room's events reach the organisation's receiver (issue 19 item 8): a viewer entering and
 * leaving a live room (考勤) and a chat message (聊天), each queued by a one-line emit where it
 * happens and delivered by the job runner; the room's own work neither waits for nor depends on it.
 */
let s: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let org: number;
let student: number;

beforeAll(async () => {
  [s, receiver] = await Promise.all([startTestServer({ config: { pushAllowPrivate: true } }), startReceiver()]);
  const admin = await signIn(s.app, "13800000000", "admin");
  const identity = await identityOf(s.db, "13800000003", "student");
  org = identity.org_id;
  student = identity.id;
  const on = new Set(["attendance.entered", "attendance.left", "chat.message"]);
  const config: PushConfig = { status: 1, config: pushConfigDefaults.config.map((g) => ({ ...g, apis: g.apis.map((a) => (on.has(a.event) ? { ...a, url: receiver.url, status: 1 } : a)) })) };
  const saved = await s.app.inject({ method: "PATCH", url: pushApi.configSet.path, headers: { cookie: admin }, payload: config });
  expect(saved.json().code).toBe(0);
}, 120_000);
afterAll(async () => {
  await s?.close();
  await receiver?.close();
});

describe("the room's events", () => {
  it("pushes a viewer entering, their chat message and their leaving", async () => {
    const ws = await listening(s.app);
    const now = Date.now();
    const { liveId } = await makeLive(s.db, { org, begin: now - 10 * MINUTE, end: now + 60 * MINUTE, courseStudents: [student] });
    const token = signRoomToken(tokenSecret({ tokenSecret: null, dataDir: s.dataDir }), { orgId: org, liveId, identityId: student, userType: 0, role: "student", key: `i${student}`, name: "赵同学", playType: 1, exparam: "" });
    const page = openRoom(ws, token);
    await page.next("welcome");
    page.send({ t: "chat", txt: "老师好" });
    await page.next("chat", (m) => m.chat.txt === "老师好");
    await page.close();

    // Each event is delivered once it is queued; the leaving is written as the socket closes.
    await expect
      .poll(async () => {
        await pushesQueued();
        await s.app.jobs.drain();
        return receiver.got.map((r) => r.headers[pushHeaders.event]).sort();
      }, { timeout: 15_000 })
      .toEqual(["attendance.entered", "attendance.left", "chat.message"]);
    // Each is queued on its own, without waiting for the others: their order is not promised.
    const of = (event: string) => JSON.parse(receiver.got.find((r) => r.headers[pushHeaders.event] === event)!.body) as { data: Record<string, unknown> };
    const [entered, chat, left] = [of("attendance.entered"), of("chat.message"), of("attendance.left")];
    expect(entered.data).toMatchObject({ liveid: liveId, userid: student, username: "赵同学", role: "student" });
    expect(chat.data).toMatchObject({ liveid: liveId, username: "赵同学", msg: "老师好" });
    expect(left.data).toMatchObject({ liveid: liveId, userid: student });
    expect(typeof left.data.seconds).toBe("number");
  });
});
