import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomMessages } from "../../../resources/rooms/room-api";
import { signRoomToken, verifyRoomToken } from "../../../server/services/rooms/room-token";
import { tokenSecret, signToolToken } from "../../../server/services/tool-tokens";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { enterRoom, identityOf, makeLive, MINUTE } from "./rooms-helpers";

/**
 * The room token (issue 11 item 4; 2 §6, §7 portal token; 3 §7.5): who may have one for a live, as
 * which user_type, when, and what the token then holds.
 */

let s: TestServer;
const cookies: Record<string, string> = {};
let org: number;
let ids: Record<"teacher" | "assistant" | "student" | "otherStudent" | "otherTeacher", number>;
let liveId: number;

beforeAll(async () => {
  s = await startTestServer();
  const teacher = await identityOf(s.db, "13800000001", "teacher");
  org = teacher.org_id;
  const otherStudent = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", org).where("role", "=", "student").where("name", "<>", "赵同学").executeTakeFirstOrThrow();
  const otherTeacher = await s.db.kysely.selectFrom("identities").select("id").where("org_id", "=", org).where("role", "=", "teacher").where("id", "<>", teacher.id).executeTakeFirstOrThrow();
  ids = {
    teacher: teacher.id,
    assistant: (await identityOf(s.db, "13800000002", "assistant")).id,
    student: (await identityOf(s.db, "13800000003", "student")).id,
    otherStudent: otherStudent.id,
    otherTeacher: otherTeacher.id,
  };
  const now = Date.now();
  ({ liveId } = await makeLive(s.db, { org, begin: now - MINUTE, end: now + 60 * MINUTE, teachers: [ids.teacher], assistants: [ids.assistant], courseStudents: [ids.student] }));
  cookies.admin = await signIn(s.app, "13800000000", "admin");
  cookies.teacher = await signIn(s.app, "13800000001", "teacher");
  cookies.assistant = await signIn(s.app, "13800000002", "assistant");
  cookies.student = await signIn(s.app, "13800000003", "student");
  cookies.subadmin = await signIn(s.app, "13800000004", "admin");
  cookies.otherAdmin = await signIn(s.app, "13900000000", "admin");
}, 120_000);
afterAll(() => s.close());

const key = () => tokenSecret({ tokenSecret: null, dataDir: s.dataDir });

describe("GET /api/v1/enter-room", () => {
  it("gives the live's teacher (1), assistant (2), course student (0) and the organisation's admin (2) a token bound to live, person and type", async () => {
    for (const [who, userType, role] of [["teacher", 1, "teacher"], ["assistant", 2, "assistant"], ["student", 0, "student"], ["admin", 2, "admin"]] as const) {
      const res = await enterRoom(s.app, cookies[who], { room_id: liveId, group_id: org, user_type: userType });
      expect(res.code, `${who}: ${res.msg}`).toBe(0);
      const grant = verifyRoomToken(key(), res.data!.token)!;
      expect(grant).toMatchObject({ orgId: org, liveId, userType, role, playType: 1 });
      expect(res.data!.nick_name).toBe(grant.name);
    }
    const student = verifyRoomToken(key(), (await enterRoom(s.app, cookies.student, { room_id: liveId, group_id: org, user_type: 0 })).data!.token)!;
    expect([student.identityId, student.key, student.name]).toEqual([ids.student, `i${ids.student}`, "赵同学"]);
  });

  it("also admits a student of the live itself, and the playback room's token says so", async () => {
    const now = Date.now();
    const { liveId: own } = await makeLive(s.db, { org, begin: now - 2 * 60 * MINUTE, end: now - 60 * MINUTE, teachers: [ids.teacher], students: [ids.student] });
    const res = await enterRoom(s.app, cookies.student, { room_id: own, group_id: org, user_type: 0, replay: 1 });
    expect(res.code, res.msg).toBe(0);
    expect(verifyRoomToken(key(), res.data!.token)!.playType).toBe(2);
  });

  it("refuses someone not on the live, another type than the identity's, another organisation, a voided or unknown live, in words", async () => {
    const now = Date.now();
    const { liveId: voided } = await makeLive(s.db, { org, begin: now, end: now + MINUTE * 30, teachers: [ids.teacher], voided: true });
    const { liveId: notMine } = await makeLive(s.db, { org, begin: now, end: now + MINUTE * 30, teachers: [ids.otherTeacher], courseStudents: [ids.otherStudent] });
    const cases: [string, Record<string, number>, string][] = [
      ["student", { room_id: notMine, group_id: org, user_type: 0 }, roomMessages.notOnList],
      ["teacher", { room_id: notMine, group_id: org, user_type: 1 }, roomMessages.notOnList],
      ["assistant", { room_id: notMine, group_id: org, user_type: 2 }, roomMessages.notOnList],
      ["student", { room_id: liveId, group_id: org, user_type: 1 }, roomMessages.wrongUserType],
      ["teacher", { room_id: liveId, group_id: org, user_type: 0 }, roomMessages.wrongUserType],
      ["admin", { room_id: liveId, group_id: org, user_type: 1 }, roomMessages.wrongUserType],
      // The demo sub-admin holds user management only, not the live list.
      ["subadmin", { room_id: liveId, group_id: org, user_type: 2 }, roomMessages.wrongUserType],
      ["otherAdmin", { room_id: liveId, group_id: org, user_type: 2 }, roomMessages.otherOrganisation],
      ["teacher", { room_id: voided, group_id: org, user_type: 1 }, roomMessages.voided],
      ["teacher", { room_id: 2_000_000, group_id: org, user_type: 1 }, roomMessages.liveNotFound],
    ];
    for (const [who, q, msg] of cases) {
      const res = await enterRoom(s.app, cookies[who], q as never);
      expect([res.code, res.msg], `${who} ${JSON.stringify(q)}`).toEqual([403, msg]);
    }
    // Another organisation's live is not found for this one's people, whatever group they name.
    const theirs = await s.db.kysely.selectFrom("lives").select("id").where("org_id", "<>", org).executeTakeFirstOrThrow();
    const res = await enterRoom(s.app, cookies.teacher, { room_id: theirs.id, group_id: org, user_type: 1 });
    expect([res.code, res.msg]).toEqual([403, roomMessages.liveNotFound]);
  });

  it("opens the live room from the role's entry time before the start until the end", async () => {
    const now = Date.now();
    const config = { teaEnterTs: "60", stuEnterTs: "10" };
    const { liveId: soon } = await makeLive(s.db, { org, begin: now + 30 * MINUTE, end: now + 90 * MINUTE, config, teachers: [ids.teacher], courseStudents: [ids.student] });
    expect((await enterRoom(s.app, cookies.teacher, { room_id: soon, group_id: org, user_type: 1 })).code).toBe(0);
    expect(await enterRoom(s.app, cookies.student, { room_id: soon, group_id: org, user_type: 0 })).toMatchObject({ code: 403, msg: roomMessages.notYet(10) });
    const { liveId: over } = await makeLive(s.db, { org, begin: now - 90 * MINUTE, end: now - MINUTE, teachers: [ids.teacher], courseStudents: [ids.student] });
    expect(await enterRoom(s.app, cookies.student, { room_id: over, group_id: org, user_type: 0 })).toMatchObject({ code: 403, msg: roomMessages.ended });
    expect((await enterRoom(s.app, cookies.student, { room_id: over, group_id: org, user_type: 0, replay: 1 })).code).toBe(0);
  });

  it("answers 401 without a session and refuses a bad query in words", async () => {
    expect((await enterRoom(s.app, "", { room_id: liveId, group_id: org, user_type: 0 })).code).toBe(401);
    const res = await s.app.inject({ url: `/api/v1/enter-room?room_id=x&group_id=${org}&user_type=0`, headers: { cookie: cookies.student } });
    expect(res.json()).toMatchObject({ code: 400, msg: "直播编号不正确" });
    const type = await s.app.inject({ url: `/api/v1/enter-room?room_id=${liveId}&group_id=${org}&user_type=5`, headers: { cookie: cookies.student } });
    expect(type.json()).toMatchObject({ code: 400, msg: "用户类型不正确" });
  });
});

describe("the room token itself", () => {
  const grant = { orgId: 1, liveId: 2, identityId: 3, userType: 0 as const, role: "student" as const, key: "i3", name: "赵", playType: 1 as const, exparam: "" };

  it("is refused once expired, tampered with, signed by another key, or a tool's token", () => {
    const k = key();
    const token = signRoomToken(k, grant);
    expect(verifyRoomToken(k, token)).toMatchObject(grant);
    expect(verifyRoomToken(k, signRoomToken(k, grant, Date.now() - 31 * MINUTE))).toBeNull();
    const [body, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, "base64url").toString()), orgId: 9 })).toString("base64url");
    expect(verifyRoomToken(k, `${forged}.${signature}`)).toBeNull();
    expect(verifyRoomToken(Buffer.from("another key of thirty-two chars!"), token)).toBeNull();
    expect(verifyRoomToken(k, signToolToken(k, { orgId: 1, identityId: 3, tool: "examMgr" }).token)).toBeNull();
  });
});
