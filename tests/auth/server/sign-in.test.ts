import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, lastOf, signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const post = (url: string, payload: unknown, cookie = "") =>
  s.app.inject({ method: "POST", url, payload: payload as object, headers: cookie ? { cookie } : {} });

describe("password login", () => {
  it("signs in, sets an HttpOnly SameSite cookie, and leaves the identity to choose", async () => {
    const res = await post("/cms/tarzan", { mobile: "13800000001", passwd: "demo1234" });
    expect(res.json().code).toBe(0);
    const raw = String(res.headers["set-cookie"]);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/);
    const cookie = cookieOf(res);
    const tryLogin = await s.app.inject({ url: "/cms/trylogin", headers: { cookie } });
    expect(tryLogin.json()).toMatchObject({ code: 0, type: null });
  });

  it("answers 900 on a wrong password, then demands a right captcha that works only once", async () => {
    const mobile = "13800000002";
    expect((await post("/cms/tarzan", { mobile, passwd: "nope-nope" })).json()).toMatchObject({ code: 900, msg: "用户名或密码错误" });
    // The right password is no longer enough without the captcha.
    expect((await post("/cms/tarzan", { mobile, passwd: "demo1234" })).json()).toMatchObject({ code: 904, msg: "请输入验证码", data: { needCaptcha: true } });

    const image = await s.app.inject({ url: `/cms/captcha?mobile=${mobile}&ts=1` });
    expect(image.headers["content-type"]).toMatch(/image\/png/);
    const answer = lastOf(s.outbox(), "captcha", mobile)!.answer!;
    expect(answer).toMatch(/^[A-Z2-9]{4}$/);
    expect((await post("/cms/tarzan", { mobile, passwd: "demo1234", authcode: "ZZZZ" })).json()).toMatchObject({ code: 904, msg: "验证码错误", data: { needCaptcha: true } });
    // The wrong try spent that captcha: its answer no longer works.
    expect((await post("/cms/tarzan", { mobile, passwd: "demo1234", authcode: answer })).json().code).toBe(904);

    await s.app.inject({ url: `/cms/captcha?mobile=${mobile}&ts=2` });
    const fresh = lastOf(s.outbox(), "captcha", mobile)!.answer!;
    expect((await post("/cms/tarzan", { mobile, passwd: "demo1234", authcode: fresh.toLowerCase() })).json().code).toBe(0);
    // A success clears the guard: the next login needs no captcha.
    expect((await post("/cms/tarzan", { mobile, passwd: "demo1234" })).json().code).toBe(0);
  });

  it("treats an unknown mobile like a wrong password", async () => {
    expect((await post("/cms/tarzan", { mobile: "13000000000", passwd: "whatever1" })).json().code).toBe(900);
  });

  it("answers bad input with the schema's message, never a 500", async () => {
    expect((await post("/cms/tarzan", {})).json()).toMatchObject({ code: 400, msg: "请输入手机号", data: { field: "mobile" } });
    expect((await post("/cms/tarzan", { mobile: "", passwd: "" })).json().msg).toBe("请输入手机号");
    expect((await post("/cms/tarzan", { mobile: "13800000000" })).json().msg).toBe("请输入密码");
    const types = await post("/cms/tarzan", { mobile: { a: 1 }, passwd: "x" });
    expect(types.statusCode).toBe(200);
    expect(types.json().code).toBe(400);
    const broken = await s.app.inject({ method: "POST", url: "/cms/tarzan", payload: "{oops", headers: { "content-type": "application/json" } });
    expect(broken.statusCode).toBeLessThan(500);
    expect(broken.json()).toMatchObject({ code: 400, msg: "请求数据格式错误" });
    const huge = await post("/cms/tarzan", { mobile: "1".repeat(2_000_000), passwd: "x" });
    expect(huge.statusCode).toBeLessThan(500);
    expect(huge.json().msg).toBe("请求数据过大");
  });
});

describe("identities and auto-login", () => {
  it("lists identities by type and enters the chosen one", async () => {
    const cookie = await signIn(s.app, "13800000009");
    const list = (await s.app.inject({ url: "/cms/login", headers: { cookie } })).json().data;
    expect(list.admin).toEqual([{ id: expect.any(Number), name: "示例学校" }]);
    expect(list.teacher).toEqual([{ id: expect.any(Number), name: "第二学校" }]);
    // Another person's identity cannot be chosen.
    const other = await s.app.inject({ method: "PATCH", url: "/cms/login", headers: { cookie }, payload: { id: 1, type: "admin" } });
    expect(other.json().code).not.toBe(0);
    const sel = await s.app.inject({ method: "PATCH", url: "/cms/login", headers: { cookie }, payload: { id: list.teacher[0].id, type: "teacher" } });
    expect(sel.json()).toMatchObject({ code: 0, type: "teacher" });
    expect((await s.app.inject({ url: "/cms/trylogin", headers: { cookie } })).json().type).toBe("teacher");
    expect((await s.app.inject({ url: "/cms/enterprisename", headers: { cookie } })).json().data.name).toBe("第二学校");
  });

  it("refuses an empty identity selection with the spec's message", async () => {
    const cookie = await signIn(s.app, "13800000000");
    const res = await s.app.inject({ method: "PATCH", url: "/cms/login", headers: { cookie }, payload: {} });
    expect(res.json()).toMatchObject({ code: 400, msg: "请选择要登录的机构" });
  });

  it("answers 401 without a session and after sign-out", async () => {
    const none = await s.app.inject({ url: "/cms/trylogin" });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 401, msg: "未授权，请登录" });
    const cookie = await signIn(s.app, "13800000003", "student");
    expect((await post("/cms/logout", {}, cookie)).json().code).toBe(0);
    expect((await s.app.inject({ url: "/cms/trylogin", headers: { cookie } })).statusCode).toBe(401);
  });

  it("shares sessions between server processes on one database", async () => {
    const cookie = await signIn(s.app, "13800000000", "admin");
    const twin = await s.twin();
    expect((await twin.inject({ url: "/cms/trylogin", headers: { cookie } })).json().type).toBe("admin");
  });
});

describe("menus and permissions", () => {
  it("gives the main admin every menu item, adminop included", async () => {
    const cookie = await signIn(s.app, "13800000000", "admin");
    const menu = (await s.app.inject({ url: "/cms/loginrouter", headers: { cookie } })).json().data;
    expect(menu.keys).toContain("adminop");
    expect(menu.keys).toContain("courseop");
    expect(menu.groups[0].label).toBe("我的账户");
    expect(Object.keys(menu.menu)[0]).toBe("0-我的账户");
  });

  it("gives the user-management sub-admin only its menus", async () => {
    const cookie = await signIn(s.app, "13800000004", "admin");
    const menu = (await s.app.inject({ url: "/cms/loginrouter", headers: { cookie } })).json().data;
    expect(menu.keys.sort()).toEqual(["assistantop", "mediaUploadMgr", "studentop", "teacherop"]);
    expect(menu.groups.map((g: { label: string }) => g.label)).toEqual(["用户管理"]);
    const priv = (await s.app.inject({ url: "/cms/userpriv", headers: { cookie } })).json().data;
    expect(priv.find((g: { label: string }) => g.label === "用户管理").checked).toBe(true);
  });

  it("shows teachers their cloud-disk keys and keeps them out of admin calls", async () => {
    const cookie = await signIn(s.app, "13800000001", "teacher");
    const menu = (await s.app.inject({ url: "/cms/loginrouter", headers: { cookie } })).json().data;
    expect(menu.keys).toEqual(expect.arrayContaining(["clouddiskop", "teaclouddiskop"]));
    const priv = await s.app.inject({ url: "/cms/userpriv", headers: { cookie } });
    expect(priv.statusCode).toBe(403);
    expect(priv.json()).toMatchObject({ code: 403, msg: "拒绝访问" });
    expect((await s.app.inject({ url: "/cms/account/balance", headers: { cookie } })).statusCode).toBe(403);
  });

  it("tells an identity who it is and the main admin its extended permissions, and neither to a person with no identity chosen", async () => {
    const teacher = await signIn(s.app, "13800000001", "teacher");
    const get = (url: string, cookie: string) => s.app.inject({ url, headers: { cookie } });
    expect((await get("/api/v1/user-info", teacher)).json()).toMatchObject({
      code: 0,
      data: { name: "李老师", mobile: "13800000001", type: "teacher", role: "teacher", group: { id: expect.any(Number), name: "示例学校" } },
    });
    expect((await get("/cms/userprivex", teacher)).json()).toMatchObject({ code: 403, msg: "拒绝访问" });
    const groups = (await get("/cms/userprivex", await signIn(s.app, "13800000000", "admin"))).json().data as { checked: boolean; subMenus: unknown[] }[];
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.every((g) => g.checked && g.subMenus.length > 0)).toBe(true);
    const noIdentity = await signIn(s.app, "13800000000");
    for (const url of ["/api/v1/user-info", "/cms/userprivex", "/cms/enterprisename", "/cms/loginrouter"])
      expect((await get(url, noIdentity)).json(), url).toMatchObject({ code: 401, msg: "未授权，请登录" });
  });

  it("reports the organisation's balance in yuan", async () => {
    const cookie = await signIn(s.app, "13800000000", "admin");
    expect((await s.app.inject({ url: "/cms/account/balance", headers: { cookie } })).json().data.balance).toBeCloseTo(12345.678);
  });
});

describe("cross-origin requests", () => {
  it("refuses a state-changing request from another origin", async () => {
    const res = await s.app.inject({
      method: "POST",
      url: "/cms/tarzan",
      payload: { mobile: "13800000000", passwd: "demo1234" },
      headers: { origin: "https://evil.example", host: "localhost:80" },
    });
    expect(res.statusCode).toBe(403);
    const same = await s.app.inject({
      method: "POST",
      url: "/cms/tarzan",
      payload: { mobile: "13800000000", passwd: "demo1234" },
      headers: { origin: "http://localhost:8080", host: "localhost:8080" },
    });
    expect(same.json().code).toBe(0);
  });
});
