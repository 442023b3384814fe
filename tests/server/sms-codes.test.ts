import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, lastOf, signIn, startTestServer, type TestServer } from "./helpers";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const post = (url: string, payload: unknown, cookie = "") =>
  s.app.inject({ method: "POST", url, payload: payload as object, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie = "") => s.app.inject({ url, headers: cookie ? { cookie } : {} });

/** Pretends the last code for the mobile was sent long enough ago to allow another. */
const ageCodes = (mobile: string, ms: number) =>
  s.db.kysely.updateTable("sms_codes").set((eb) => ({ created_at: eb("created_at", "-", ms), expires_at: eb("expires_at", "-", ms) })).where("mobile", "=", mobile).execute();

async function captchaFor(mobile: string) {
  await get(`/cms/captcha?mobile=${mobile}&ts=${Date.now()}`);
  return lastOf(s.outbox(), "captcha", mobile)!.answer!;
}

describe("quick login", () => {
  const mobile = "13800000003";

  it("needs a graphic captcha before it sends a code", async () => {
    expect((await get(`/api/v1/login/auth-code?area_code=86&mobile=${mobile}`)).json()).toMatchObject({ code: 400, msg: "请输入验证码" });
    expect((await get(`/api/v1/login/auth-code?area_code=86&authcode=AAAA`)).json()).toMatchObject({ code: 400, msg: "请输入手机号" });
    expect((await get(`/api/v1/login/auth-code?area_code=86&mobile=${mobile}&authcode=AAAA`)).json().code).toBe(904);
  });

  it("sends a 6-digit single-use code, refuses a resend within 60 s, and signs in with it", async () => {
    const res = await get(`/api/v1/login/auth-code?area_code=86&mobile=${mobile}&authcode=${await captchaFor(mobile)}`);
    expect(res.json()).toMatchObject({ code: 0, msg: "获取成功" });
    const sms = lastOf(s.outbox(), "sms", mobile)!;
    expect(sms.purpose).toBe("login");
    expect(sms.code).toMatch(/^\d{6}$/);

    const again = await get(`/api/v1/login/auth-code?area_code=86&mobile=${mobile}&authcode=${await captchaFor(mobile)}`);
    expect(again.json().code).toBe(429);
    expect(again.json().msg).toMatch(/秒后再试/);

    expect((await post("/cms/authlogin", { area_code: "86", mobile, auth_code: "" })).json().msg).toBe("请输入验证码");
    const ok = await post("/cms/authlogin", { area_code: "86", mobile, auth_code: sms.code });
    expect(ok.json().code).toBe(0);
    expect(cookieOf(ok)).not.toBe("");
    // Single use: the same code cannot sign in twice.
    expect((await post("/cms/authlogin", { area_code: "86", mobile, auth_code: sms.code })).json().code).not.toBe(0);
  });

  it("ends a code after five wrong tries", async () => {
    await ageCodes(mobile, 61_000);
    await get(`/api/v1/login/auth-code?area_code=86&mobile=${mobile}&authcode=${await captchaFor(mobile)}`);
    const code = lastOf(s.outbox(), "sms", mobile)!.code!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await post("/cms/authlogin", { area_code: "86", mobile, auth_code: wrong })).json().msg).toBe("验证码错误");
    expect((await post("/cms/authlogin", { area_code: "86", mobile, auth_code: code })).json().code).not.toBe(0);
  });

  it("lets a code expire after 10 minutes", async () => {
    await ageCodes(mobile, 61_000);
    await get(`/api/v1/login/auth-code?area_code=86&mobile=${mobile}&authcode=${await captchaFor(mobile)}`);
    const code = lastOf(s.outbox(), "sms", mobile)!.code!;
    await ageCodes(mobile, 10 * 60_000 + 1);
    expect((await post("/cms/authlogin", { area_code: "86", mobile, auth_code: code })).json().msg).toBe("验证码已失效，请重新获取");
  });
});

describe("registration and retrieval", () => {
  const mobile = "15912345678";

  it("checks the registration form in the spec's order", async () => {
    expect((await post("/api/v1/user/register", {})).json().msg).toBe("请输入手机号");
    expect((await post("/api/v1/user/register", { mobile: "12345" })).json().msg).toBe("请填写正确的手机号");
    expect((await post("/api/v1/user/register", { mobile })).json().msg).toBe("请输入验证码");
    expect((await post("/api/v1/user/register", { mobile, auth_code: "123456" })).json().msg).toBe("请输入密码");
    expect((await post("/api/v1/user/register", { mobile, auth_code: "123456", passwd: "123" })).json().msg).toBe("密码长度为6-20位");
    expect((await get(`/api/v1/register/auth-code?area_code=86&mobile=13800000000`)).json().msg).toBe("该手机号已注册，请直接登录");
  });

  it("registers with an SMS code; the new person signs in and has no identity", async () => {
    expect((await get(`/api/v1/register/auth-code?area_code=86&mobile=${mobile}`)).json().code).toBe(0);
    const code = lastOf(s.outbox(), "sms", mobile)!.code!;
    const res = await post("/api/v1/user/register", { area_code: "86", mobile, auth_code: code, passwd: "secret99", name: "" });
    expect(res.json()).toMatchObject({ code: 0, msg: "注册成功" });
    const row = await s.db.kysely.selectFrom("persons").select("password_hash").where("mobile", "=", mobile).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(row.password_hash).not.toContain("secret99");
    const cookie = await signIn(s.app, mobile, undefined, "secret99");
    const list = (await get("/cms/login", cookie)).json().data;
    expect([...list.admin, ...list.teacher, ...list.assistant, ...list.student]).toHaveLength(0);
  });

  it("retrieves a password and ends the person's sessions", async () => {
    const before = await signIn(s.app, mobile, undefined, "secret99");
    expect((await get(`/api/v1/retrieve-passwd/auth-code?area_code=86&mobile=${mobile}`)).json().code).toBe(0);
    const code = lastOf(s.outbox(), "sms", mobile)!.code!;
    expect((await post("/api/v1/retrieve-passwd", { area_code: "86", mobile, auth_code: code, passwd: "another77" })).json().code).toBe(0);
    expect((await get("/cms/trylogin", before)).statusCode).toBe(401);
    await signIn(s.app, mobile, undefined, "another77");
    expect((await get(`/api/v1/retrieve-passwd/auth-code?area_code=86&mobile=15900000000`)).json().msg).toBe("该手机号尚未注册");
  });
});

describe("admin password change", () => {
  it("sends the code to the admin's own phone and signs every session out on success", async () => {
    const mobile = "13900000000";
    const cookie = await signIn(s.app, mobile, "admin");
    const other = await signIn(s.app, mobile, "admin");
    expect((await post("/cms/getcaptcha", {}, cookie)).json()).toMatchObject({ code: 0, msg: "验证码已发送" });
    const sms = lastOf(s.outbox(), "sms", mobile)!;
    expect(sms.purpose).toBe("chgpasswd");
    expect((await post("/cms/chgpasswd", { passwd: "newpass1" }, cookie)).json().msg).toBe("请输入验证码");
    expect((await post("/cms/chgpasswd", { auth_code: sms.code }, cookie)).json().msg).toBe("请输入新密码");
    const res = await post("/cms/chgpasswd", { auth_code: sms.code, passwd: "newpass1" }, cookie);
    expect(res.json()).toMatchObject({ code: 0, msg: "密码修改成功，请重新登录" });
    expect((await get("/cms/trylogin", cookie)).statusCode).toBe(401);
    expect((await get("/cms/trylogin", other)).statusCode).toBe(401);
    await signIn(s.app, mobile, "admin", "newpass1");
  });

  it("is for admins only", async () => {
    const cookie = await signIn(s.app, "13800000001", "teacher");
    expect((await post("/cms/getcaptcha", {}, cookie)).statusCode).toBe(403);
  });
});
