import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatApi, roomApi } from "../../../resources/rooms/room-api";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { savePermissions } from "../../../resources/kernel/menu";
import { signIn, startSignedIn, type TestServer } from "../../kernel/server/helpers";
import { call } from "../../users/server/users-helpers";

/**
 * Who may call the rooms' HTTP calls, checked before their parameters are (as tests/kernel/server/access.test.ts
 * does for the declared resources): the room token needs a signed-in identity of any type; the chat
 * manager's list an admin holding the live list or the chat monitor; the share link's two calls are
 * public (an anonymous viewer's), so a bad request there is refused in words, never with a 500.
 */

let s: TestServer;
let admin: string;
const bad = { room_id: "x", group_id: "x", user_type: "9", liveid: { wrong: true }, guid: "bad guid!", type: "x" };

beforeAll(async () => ({ s, admin } = await startSignedIn()), 120_000);
afterAll(() => s.close());

const send = (cookie: string, endpoint: Endpoint) => call(s.app, cookie, endpoint, bad);

async function grant(keys: string[]) {
  const person = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000004").executeTakeFirstOrThrow();
  await s.db.kysely.updateTable("identities").set({ userop: JSON.stringify(savePermissions(keys)) }).where("person_id", "=", person.id).where("role", "=", "subadmin").execute();
}

describe("the rooms' HTTP calls", () => {
  it("answer 401 without a session where one is needed, before reading the parameters", async () => {
    for (const endpoint of [roomApi.token, chatApi.list]) expect([(await send("", endpoint)).status, (await send("", endpoint)).body.code]).toEqual([401, 401]);
  });

  it("give the room token's refusals of a bad query in words to every identity type", async () => {
    for (const [mobile, type] of [["13800000001", "teacher"], ["13800000002", "assistant"], ["13800000003", "student"], ["13800000000", "admin"]] as const) {
      const res = await send(await signIn(s.app, mobile, type), roomApi.token);
      expect([res.status, res.body.code, res.body.msg], type).toEqual([200, 400, "直播编号不正确"]);
    }
  });

  it("keep the chat list from teachers, assistants, students and sub-admins without its keys, before validation", async () => {
    for (const [mobile, type] of [["13800000001", "teacher"], ["13800000002", "assistant"], ["13800000003", "student"]] as const)
      expect((await send(await signIn(s.app, mobile, type), chatApi.list)).body).toEqual({ code: 403, data: null, msg: "拒绝访问" });
    const sub = await signIn(s.app, "13800000004", "admin");
    await grant(["teacherop", "studentop"]);
    expect((await send(sub, chatApi.list)).body.code).toBe(403);
    for (const key of ["liveop", "chatMonitor"]) {
      await grant([key]);
      expect((await send(sub, chatApi.list)).body.code, key).toBe(400);
    }
    expect((await send(admin, chatApi.list)).body).toMatchObject({ code: 400, msg: expect.stringMatching(/^(直播编号|审核状态)不正确$/) });
  });

  it("let anyone reach the share link's calls, refusing a bad one in words", async () => {
    for (const endpoint of [roomApi.share, roomApi.shareEnter]) {
      const res = await send("", endpoint);
      expect([res.status, res.body.code, res.body.msg]).toEqual([200, 400, "分享链接无效或已失效"]);
    }
  });
});
