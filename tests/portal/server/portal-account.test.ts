import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authApi } from "../../../resources/auth/auth";
import { student as studentResource } from "../../../resources";
import { portalApi, type GroupMessagesAnswer } from "../../../resources/portal/portal";
import { lastOf, signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { orgId } from "./portal-helpers";
import { call, mobileSupply } from "../../users/server/users-helpers";

/**
 * The portal's messages and the person's own password, mobile and nickname (2 §5, §7, §8): the
 * rules and their messages, who may call, and what each change does to sessions and sign-in.
 */

let s: TestServer;
let admin: string;
const fresh = mobileSupply("1886000");
const weak = "您的密码复杂度太低（密码中必须包含字母、数字），请修改密码！";

/** A new student of 示例学校, signed in: its mobile and session. */
async function newStudent(password = "abc123") {
  const mobile = fresh();
  const { body } = await call(s.app, admin, studentResource.api.create, { name: "门户学生", mobile, passwd: password });
  expect(body.code, body.msg).toBe(0);
  return { mobile, cookie: await signIn(s.app, mobile, "student", password) };
}

const signsIn = async (mobile: string, passwd: string) =>
  (await s.app.inject({ method: "POST", url: "/cms/tarzan", payload: { mobile, passwd } })).json().code === 0;
const stillSignedIn = async (cookie: string) => (await s.app.inject({ url: "/cms/trylogin", headers: { cookie } })).json().code === 0;

async function captchaFor(mobile: string) {
  await s.app.inject({ url: `/cms/captcha?mobile=${mobile}` });
  return lastOf(s.outbox(), "captcha", mobile)!.answer!;
}

beforeAll(async () => {
  s = await startTestServer();
  admin = await signIn(s.app, "13800000000", "admin");
});
afterAll(() => s.close());

describe("messages", () => {
  it("gives the organisation as the message group, with its newest admin message", async () => {
    const teacher = await signIn(s.app, "13800000001", "teacher");
    const groups = await call(s.app, teacher, portalApi.groups, { type: 1 });
    expect(groups.body.data).toEqual([{ id: await orgId(s.db, "示例学校"), name: "示例学校" }]);
    const { body } = await call(s.app, teacher, portalApi.groupMessages, {});
    const answer = body.data as GroupMessagesAnswer;
    expect(answer.groups).toEqual([{ id: await orgId(s.db, "示例学校"), name: "示例学校", lastMsg: "本周六上午10点系统维护，届时直播服务暂停一小时。", lastTime: expect.any(String) }]);
    expect(answer.messages).toEqual([]);
  });

  it("pages through a group's messages, newest first", async () => {
    for (let i = 1; i <= 23; i++) await call(s.app, admin, { method: "POST", path: "/cms/webgroupmsg", host: "cms" }, { msg: `第${i}条通知` });
    const { cookie } = await newStudent();
    const groupid = await orgId(s.db, "示例学校");
    const first = (await call(s.app, cookie, portalApi.groupMessages, { groupid })).body.data as GroupMessagesAnswer;
    expect(first.groups[0].lastMsg).toBe("第23条通知");
    // 20 a page, more when the 20th shares its millisecond with the next (the cursor is a time).
    expect(first.messages.length).toBeGreaterThanOrEqual(20);
    expect(first.messages[0]).toEqual({ Id: expect.any(Number), Msg: "第23条通知", CreateTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) });
    const seen = [...first.messages];
    for (let next = first.next; next !== null; ) {
      const page = (await call(s.app, cookie, portalApi.groupMessages, { groupid, ts: next })).body.data as GroupMessagesAnswer;
      seen.push(...page.messages);
      next = page.next;
    }
    // Ours and the 3 demo messages, each once.
    expect(seen).toHaveLength(26);
    expect(new Set(seen.map((m) => m.Id)).size).toBe(26);
  });

  it("never splits a millisecond between pages, so none is skipped", async () => {
    const groupid = await orgId(s.db, "示例学校");
    // Every message in one millisecond: the time cursor cannot part them, so one page holds them all.
    await s.db.kysely.updateTable("admin_messages").set({ created_at: Date.now() - 1000 }).where("org_id", "=", groupid).execute();
    const total = (await s.db.kysely.selectFrom("admin_messages").select((eb) => eb.fn.countAll<number>().as("n")).where("org_id", "=", groupid).executeTakeFirstOrThrow()).n;
    const { cookie } = await newStudent();
    const first = (await call(s.app, cookie, portalApi.groupMessages, { groupid })).body.data as GroupMessagesAnswer;
    expect(first.messages).toHaveLength(Number(total));
    const after = (await call(s.app, cookie, portalApi.groupMessages, { groupid, ts: first.next ?? 0 })).body.data as GroupMessagesAnswer;
    expect(after.messages).toEqual([]);
  });

  it("refuses another organisation's group, another role's type, and an admin", async () => {
    const student = await signIn(s.app, "13800000003", "student");
    expect((await call(s.app, student, portalApi.groupMessages, { groupid: await orgId(s.db, "第二学校") })).body).toMatchObject({ code: 403 });
    expect((await call(s.app, student, portalApi.groups, { type: 1 })).body).toMatchObject({ code: 403, msg: "用户类型与当前身份不符" });
    expect((await call(s.app, admin, portalApi.groupMessages, {})).body).toMatchObject({ code: 403, msg: "拒绝访问" });
  });
});

describe("the password change", () => {
  it("says 输入不能为空 for an empty field and the complexity message for a weak password", async () => {
    const { cookie } = await newStudent();
    expect((await call(s.app, cookie, portalApi.password, { old_passwd: "", new_passwd: "abc123" })).body).toMatchObject({ code: 400, msg: "输入不能为空" });
    expect((await call(s.app, cookie, portalApi.password, { old_passwd: "abc123" })).body).toMatchObject({ code: 400, msg: "输入不能为空" });
    for (const bad of ["abcdef", "123456", "ab12", "abcdefgh123456789"])
      expect((await call(s.app, cookie, portalApi.password, { old_passwd: "abc123", new_passwd: bad })).body, bad).toMatchObject({ code: 400, msg: weak });
  });

  it("refuses a wrong old password on its field, and counts it as a wrong sign-in", async () => {
    const { cookie, mobile } = await newStudent();
    const { body } = await call(s.app, cookie, portalApi.password, { old_passwd: "wrong1", new_passwd: "xyz789" });
    expect(body).toEqual({ code: 1, msg: "旧密码错误", data: { field: "old_passwd" } });
    const guard = await s.db.kysely.selectFrom("login_guards").select(["failures", "need_captcha"]).where("mobile", "=", mobile).executeTakeFirstOrThrow();
    expect(guard).toEqual({ failures: 1, need_captcha: 1 });
    expect(await signsIn(mobile, "xyz789")).toBe(false);
  });

  it("changes it, keeps this session, signs the others out, and changes back", async () => {
    const { cookie, mobile } = await newStudent();
    const other = await signIn(s.app, mobile, "student", "abc123");
    const { body } = await call(s.app, cookie, portalApi.password, { old_passwd: "abc123", new_passwd: "xyz789" });
    expect(body).toMatchObject({ code: 0, msg: "修改成功" });
    expect(await stillSignedIn(cookie)).toBe(true);
    expect(await stillSignedIn(other)).toBe(false);
    expect(await signsIn(mobile, "xyz789")).toBe(true);
    expect(await signsIn(mobile, "abc123")).toBe(false);
    // The wrong try above made sign-in ask for the captcha; a right old password clears that too.
    expect((await call(s.app, cookie, portalApi.password, { old_passwd: "xyz789", new_passwd: "abc123" })).body.code).toBe(0);
    expect(await signsIn(mobile, "abc123")).toBe(true);
  });

  it("is the portal's: an admin and a visitor are refused before the body is read", async () => {
    expect((await call(s.app, admin, portalApi.password, {})).body).toMatchObject({ code: 403 });
    expect((await call(s.app, "", portalApi.password, {})).body).toMatchObject({ code: 401 });
  });
});

describe("the phone change", () => {
  it("sends a code to the new mobile only behind its graphic captcha, and not to a taken or the same mobile", async () => {
    const { cookie, mobile } = await newStudent();
    const target = fresh();
    expect((await call(s.app, cookie, portalApi.mobileCode, { mobile: "", authcode: "x" })).body).toMatchObject({ code: 400, msg: "请输入手机号" });
    expect((await call(s.app, cookie, portalApi.mobileCode, { mobile: "2380000000", authcode: "x" })).body).toMatchObject({ code: 400, msg: "请填写正确的手机号" });
    expect((await call(s.app, cookie, portalApi.mobileCode, { mobile: target, authcode: "WRONG" })).body).toMatchObject({ code: 904 });
    expect(lastOf(s.outbox(), "sms", target)).toBeUndefined();
    expect((await call(s.app, cookie, portalApi.mobileCode, { mobile, authcode: await captchaFor(mobile) })).body).toMatchObject({ code: 1, msg: "新手机号与当前手机号相同" });
    expect((await call(s.app, cookie, portalApi.mobileCode, { mobile: "13800000001", authcode: await captchaFor("13800000001") })).body).toMatchObject({
      code: 1,
      msg: "该手机号已被其他用户使用",
    });
    expect(lastOf(s.outbox(), "sms", "13800000001")).toBeUndefined();
  });

  it("bounds codes to one mobile like every code call: one a minute", async () => {
    const { cookie } = await newStudent();
    const target = fresh();
    expect((await call(s.app, cookie, portalApi.mobileCode, { mobile: target, authcode: await captchaFor(target) })).body.code).toBe(0);
    const again = await call(s.app, cookie, portalApi.mobileCode, { mobile: target, authcode: await captchaFor(target) });
    expect(again.body.code).toBe(429);
    expect(again.body.msg).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
  });

  it("bounds the tries at one new mobile across two processes on one database, as sign-in does", async () => {
    const { cookie } = await newStudent();
    const target = fresh();
    const twin = await s.twin();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await call(i % 2 ? twin : s.app, cookie, portalApi.mobile, { area_code: "86", mobile: target, auth_code: "000000" })).body.code);
    expect(codes.slice(0, 30).every((c) => c === 1)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it("moves the sign-in mobile with the code sent to it, and tells the organisation's log", async () => {
    const { cookie, mobile } = await newStudent();
    const target = fresh();
    await call(s.app, cookie, portalApi.mobileCode, { mobile: target, authcode: await captchaFor(target) });
    const sms = lastOf(s.outbox(), "sms", target)!;
    expect(sms.purpose).toBe("chgmobile");
    expect((await call(s.app, cookie, portalApi.mobile, { area_code: "86", mobile: target, auth_code: String((Number(sms.code) + 1) % 1_000_000).padStart(6, "0") })).body).toMatchObject({ code: 1, msg: "验证码错误" });
    expect((await call(s.app, cookie, portalApi.mobile, { area_code: "86", mobile: target, auth_code: sms.code })).body).toMatchObject({ code: 0, msg: "修改成功" });
    expect(await signsIn(target, "abc123")).toBe(true);
    expect(await signsIn(mobile, "abc123")).toBe(false);
    expect((await call(s.app, cookie, authApi.userInfo)).body.data).toMatchObject({ mobile: target });
    const audit = await s.db.kysely.selectFrom("audit_log").select(["resource", "diff"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(audit.resource).toBe("student");
    expect(JSON.parse(audit.diff)).toEqual({ before: { Mobile: mobile }, after: { Mobile: target } });
    // Spent: the same code does not move it again.
    expect((await call(s.app, cookie, portalApi.mobile, { area_code: "86", mobile: target, auth_code: sms.code })).body.code).not.toBe(0);
  });
});

describe("the nickname", () => {
  it("is required, at most 20 characters, and shows in the user info", async () => {
    const { cookie } = await newStudent();
    expect((await call(s.app, cookie, portalApi.nickname, { nickname: "" })).body).toMatchObject({ code: 400, msg: "请输入昵称" });
    expect((await call(s.app, cookie, portalApi.nickname, { nickname: "   " })).body).toMatchObject({ code: 400, msg: "请输入昵称" });
    expect((await call(s.app, cookie, portalApi.nickname, { nickname: "长".repeat(21) })).body).toMatchObject({ code: 400, msg: "昵称不能超过20字" });
    expect((await call(s.app, cookie, portalApi.nickname, { nickname: " 小赵 " })).body).toMatchObject({ code: 0, data: { nickname: "小赵" } });
    expect((await call(s.app, cookie, authApi.userInfo)).body.data).toMatchObject({ nickname: "小赵" });
  });
});
