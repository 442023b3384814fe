import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, lastOf, signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";

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

/** Asks for an SMS code the way the pages do: POST, with the mobile's graphic captcha. */
const requestCode = async (kind: "login" | "register" | "retrieve-passwd", mobile: string) =>
  (await post(`/api/v1/${kind}/auth-code`, { area_code: "86", mobile, authcode: await captchaFor(mobile) })).json();

describe("quick login", () => {
  const mobile = "13800000003";

  it("needs a graphic captcha before it sends a code", async () => {
    expect((await post("/api/v1/login/auth-code", { area_code: "86", mobile })).json()).toMatchObject({ code: 400, msg: "请输入验证码" });
    expect((await post("/api/v1/login/auth-code", { area_code: "86", authcode: "AAAA" })).json()).toMatchObject({ code: 400, msg: "请输入手机号" });
    expect((await post("/api/v1/login/auth-code", { area_code: "86", mobile, authcode: "AAAA" })).json()).toMatchObject({ code: 904, msg: "图形验证码错误" });
  });

  it("sends a 6-digit single-use code, refuses a resend within 60 s, and signs in with it", async () => {
    expect(await requestCode("login", mobile)).toMatchObject({ code: 0, msg: "获取成功" });
    const sms = lastOf(s.outbox(), "sms", mobile)!;
    expect(sms.purpose).toBe("login");
    expect(sms.code).toMatch(/^\d{6}$/);

    const again = await requestCode("login", mobile);
    expect(again.code).toBe(429);
    expect(again.msg).toMatch(/秒后再试/);

    expect((await post("/cms/authlogin", { area_code: "86", mobile, auth_code: "" })).json().msg).toBe("请输入验证码");
    const ok = await post("/cms/authlogin", { area_code: "86", mobile, auth_code: sms.code });
    expect(ok.json().code).toBe(0);
    expect(cookieOf(ok)).not.toBe("");
    // Single use: the same code cannot sign in twice.
    expect((await post("/cms/authlogin", { area_code: "86", mobile, auth_code: sms.code })).json().code).not.toBe(0);
  });

  it("ends a code after five wrong tries", async () => {
    await ageCodes(mobile, 61_000);
    await requestCode("login", mobile);
    const code = lastOf(s.outbox(), "sms", mobile)!.code!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await post("/cms/authlogin", { area_code: "86", mobile, auth_code: wrong })).json().msg).toBe("验证码错误");
    expect((await post("/cms/authlogin", { area_code: "86", mobile, auth_code: code })).json().code).not.toBe(0);
  });

  it("lets a code expire after 10 minutes", async () => {
    await ageCodes(mobile, 61_000);
    await requestCode("login", mobile);
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
    expect((await requestCode("register", "13800000000")).msg).toBe("该手机号已注册，请直接登录");
  });

  it("registers with an SMS code; the new person signs in and has no identity", async () => {
    expect((await requestCode("register", mobile)).code).toBe(0);
    const code = lastOf(s.outbox(), "sms", mobile)!.code!;
    const res = await post("/api/v1/user/register", { area_code: "86", mobile, auth_code: code, passwd: "secret99", name: "" });
    expect(res.json()).toMatchObject({ code: 0, msg: "注册成功" });
    const row = await s.db.kysely.selectFrom("persons").select("password_hash").where("mobile", "=", mobile).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain("secret99");
    const cookie = await signIn(s.app, mobile, undefined, "secret99");
    const list = (await get("/cms/login", cookie)).json().data;
    expect([...list.admin, ...list.teacher, ...list.assistant, ...list.student]).toHaveLength(0);
  });

  it("retrieves a password and ends the person's sessions", async () => {
    const before = await signIn(s.app, mobile, undefined, "secret99");
    expect((await requestCode("retrieve-passwd", mobile)).code).toBe(0);
    const code = lastOf(s.outbox(), "sms", mobile)!.code!;
    expect((await post("/api/v1/retrieve-passwd", { area_code: "86", mobile, auth_code: code, passwd: "another77" })).json().code).toBe(0);
    expect((await get("/cms/trylogin", before)).statusCode).toBe(401);
    await signIn(s.app, mobile, undefined, "another77");
  });
});

describe("SMS codes behind the graphic captcha", () => {
  it("sends no registration or retrieval code without the mobile's captcha, and no code by GET", async () => {
    const mobile = "15912340001";
    for (const kind of ["register", "retrieve-passwd"]) {
      expect((await post(`/api/v1/${kind}/auth-code`, { area_code: "86", mobile })).json()).toMatchObject({ code: 400, msg: "请输入验证码" });
      expect((await post(`/api/v1/${kind}/auth-code`, { area_code: "86", mobile, authcode: "AAAA" })).json()).toMatchObject({ code: 904, msg: "图形验证码错误" });
      // A captcha shown for another mobile does not count for this one.
      const other = await captchaFor("15912340002");
      expect((await post(`/api/v1/${kind}/auth-code`, { area_code: "86", mobile, authcode: other })).json().code).toBe(904);
      expect((await get(`/api/v1/${kind}/auth-code?area_code=86&mobile=${mobile}`)).statusCode).toBe(404);
    }
    expect(lastOf(s.outbox(), "sms", mobile)).toBeUndefined();
  });

  it("takes a captcha answer in any case, once, for two minutes, and only the newest for a mobile", async () => {
    const mobile = "15912340003";
    const ask = (authcode: string) => post("/api/v1/register/auth-code", { area_code: "86", mobile, authcode }).then((r) => r.json());
    const first = await captchaFor(mobile);
    const second = await captchaFor(mobile);
    expect((await ask(first)).code).toBe(904);
    // The wrong try above spent the newest as well.
    expect((await ask(second)).code).toBe(904);

    const stale = await captchaFor(mobile);
    await s.db.kysely.updateTable("captchas").set((eb) => ({ expires_at: eb("expires_at", "-", 2 * 60_000 + 1) })).where("mobile", "=", mobile).execute();
    expect((await ask(stale)).code).toBe(904);

    const right = await captchaFor(mobile);
    expect(await ask(right.toLowerCase())).toMatchObject({ code: 0, msg: "获取成功" });
    await ageCodes(mobile, 61_000);
    expect((await ask(right)).code).toBe(904);
  });

  it("keeps to ten codes an hour for one mobile", async () => {
    const mobile = "15912340004";
    for (let i = 0; i < 10; i++) {
      expect((await requestCode("register", mobile)).code).toBe(0);
      await ageCodes(mobile, 61_000);
    }
    expect(await requestCode("register", mobile)).toMatchObject({ code: 429, msg: "验证码获取次数过多，请1小时后再试" });
  });
});

describe("answers that do not tell whether a mobile is registered", () => {
  const known = "13800000002";
  const unknown = "15987650000";

  /** Everything a caller sees of one kind of code for one mobile, from the request to the tries running out. */
  async function journey(kind: "login" | "retrieve-passwd", mobile: string) {
    const check = (auth_code: string) =>
      kind === "login"
        ? post("/cms/authlogin", { area_code: "86", mobile, auth_code })
        : post("/api/v1/retrieve-passwd", { area_code: "86", mobile, auth_code, passwd: "new-pass-1" });
    const seen: unknown[] = [];
    seen.push((await check("123456")).json());
    seen.push(await requestCode(kind, mobile));
    seen.push(await requestCode(kind, mobile).then((a) => ({ ...a, msg: a.msg.replace(/\d+秒/, "N秒") })));
    const sent = lastOf(s.outbox(), "sms", mobile);
    const wrong = sent?.code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 6; i++) seen.push((await check(wrong)).json());
    await ageCodes(mobile, 61_000);
    seen.push(await requestCode(kind, mobile));
    await ageCodes(mobile, 10 * 60_000 + 1);
    seen.push((await check(wrong)).json());
    return seen;
  }

  for (const kind of ["login", "retrieve-passwd"] as const)
    it(`answers ${kind} codes for an unknown mobile exactly as for a known one, and sends it nothing`, async () => {
      const before = s.outbox().filter((e) => e.kind === "sms").length;
      const forKnown = await journey(kind, known);
      const forUnknown = await journey(kind, unknown);
      expect(forUnknown).toEqual(forKnown);
      expect(forKnown).toContainEqual(expect.objectContaining({ msg: "验证码错误" }));
      expect(forKnown).toContainEqual(expect.objectContaining({ msg: "验证码错误次数过多，请重新获取" }));
      expect(forKnown).toContainEqual(expect.objectContaining({ msg: "验证码已失效，请重新获取" }));
      const sms = s.outbox().filter((e) => e.kind === "sms").slice(before);
      expect(sms.map((e) => e.mobile)).toEqual([known, known]);
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
