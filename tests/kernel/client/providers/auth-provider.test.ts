import { beforeEach, describe, expect, it } from "vitest";
import { authProvider } from "../../../../providers/auth-provider";
import { sessionStore } from "../../../../providers/session-store";
import { fail, fakeServer, ok } from "../support/fake-server";
import { isolateSession } from "../support/isolate";

describe("auth provider", () => {
  isolateSession();
  beforeEach(() => window.history.pushState({}, "", "/login"));

  it("is authenticated only with code 0 and an identity type", async () => {
    fakeServer({ "GET /cms/trylogin": { code: 0, data: null, msg: "", type: "teacher" } });
    expect(await authProvider.check()).toEqual({ authenticated: true });
    expect(await authProvider.getPermissions!()).toBe("teacher");

    fakeServer({ "GET /cms/trylogin": { code: 0, data: null, msg: "", type: null } });
    expect(await authProvider.check()).toMatchObject({ authenticated: false, redirectTo: "/login" });

    fakeServer({ "GET /cms/trylogin": fail(401, "未登录") });
    expect(await authProvider.check()).toMatchObject({ authenticated: false, redirectTo: "/login" });
  });

  it("logs in over POST /cms/tarzan and maps the failure codes", async () => {
    const server = fakeServer({ "POST /cms/tarzan": ok() });
    expect(await authProvider.login({ mobile: "13800000000", passwd: "demo1234" })).toEqual({ success: true, redirectTo: "/identity" });
    expect(server.seen[0].body).toEqual({ mobile: "13800000000", passwd: "demo1234", authcode: "" });
    expect(sessionStore.get().phone).toBe("13800000000");

    fakeServer({ "POST /cms/tarzan": fail(904, "captcha") });
    expect(await authProvider.login({ mobile: "1", passwd: "2", authcode: "x" })).toMatchObject({ success: false, error: { message: "验证码错误" } });
    fakeServer({ "POST /cms/tarzan": fail(900, "wrong") });
    expect(await authProvider.login({ mobile: "1", passwd: "2" })).toMatchObject({ success: false, error: { message: "用户名或密码错误" } });
    fakeServer({ "POST /cms/tarzan": fail(429, "密码错误次数过多，账号已锁定，请15分钟后再试") });
    expect(await authProvider.login({ mobile: "1", passwd: "2" })).toMatchObject({ success: false, error: { message: "密码错误次数过多，账号已锁定，请15分钟后再试" } });
  });

  it("logs out on the server, forgets the session and goes to /login", async () => {
    const server = fakeServer({ "POST /cms/logout": ok() });
    sessionStore.set({ identityInfo: { id: 1, name: "示例学校", type: "admin" } });
    expect(await authProvider.logout({})).toEqual({ success: true, redirectTo: "/login" });
    expect(server.calls("POST /cms/logout")).toHaveLength(1);
    expect(sessionStore.get().identityInfo).toBeNull();
  });

  it("signs out on a 401 and ignores other errors", async () => {
    expect(await authProvider.onError({ statusCode: 401 })).toMatchObject({ logout: true, redirectTo: "/login" });
    expect(await authProvider.onError({ statusCode: 400 })).toEqual({});
  });

  it("reads the identity from /api/v1/user-info", async () => {
    const info = { name: "王", nickname: "王老师", mobile: "13800000001", headimg: "", group: { id: 1, name: "示例学校" }, type: "teacher" };
    fakeServer({ "GET /api/v1/user-info": ok(info) });
    expect(await authProvider.getIdentity!()).toEqual(info);
    expect(sessionStore.get().userInfo).toEqual(info);
  });
});
