import { message } from "antd";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authApi } from "../../../../resources/auth/auth";
import { ep } from "../../../../resources/kernel/endpoint";
import { setHosts } from "../../../../providers/hosts";
import { call, endpointUrl, HttpRequestError, httpStatusText, request, setHttpAdapter } from "../../../../providers/http";
import { reportError } from "../../../../providers/notify";
import { pageLocation } from "../../../../providers/location";
import { fail, fakeServer, HttpReply, ok, TransportFailure } from "../support/fake-server";

describe("http layer", () => {
  let assign: ReturnType<typeof vi.spyOn>;
  let toast: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    setHosts({ cms: "http://cms.test", home: "http://home.test" });
    window.history.pushState({}, "", "/teacherop");
    assign = vi.spyOn(pageLocation, "assign").mockImplementation(() => undefined);
    toast = vi.spyOn(message, "error").mockImplementation(() => (() => undefined) as never);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    setHttpAdapter();
    setHosts(null);
  });

  it("sends GET and DELETE payloads as query, others as a JSON body, on the endpoint's host, with credentials", async () => {
    const server = fakeServer({ "GET /api/v1/register/auth-code": ok(), "POST /cms/tarzan": ok(), "DELETE /cms/teacher": ok() });
    await request(ep("GET /api/v1/register/auth-code", "home"), { area_code: "86", mobile: "13800000000" });
    await request(authApi.passwordLogin, { mobile: "13800000000", passwd: "x", authcode: "" });
    await request(ep("DELETE /cms/teacher"), { id: 7 });
    const [code, login, remove] = server.seen;
    expect(code.url).toBe("http://home.test/api/v1/register/auth-code");
    expect(code.params).toEqual({ area_code: "86", mobile: "13800000000" });
    expect(code.body).toBeUndefined();
    expect(login.url).toBe("http://cms.test/cms/tarzan");
    expect(login.body).toEqual({ mobile: "13800000000", passwd: "x", authcode: "" });
    expect(login.params).toBeUndefined();
    expect(remove.params).toEqual({ id: 7 });
    expect(server.seen.every((seen) => seen.withCredentials === true && seen.timeout === 15_000)).toBe(true);
  });

  it("request resolves the whole envelope whatever its code", async () => {
    fakeServer({ "GET /cms/trylogin": { code: 0, data: null, msg: "", type: "admin" }, "POST /cms/tarzan": fail(900, "密码错误") });
    expect(await request(authApi.tryLogin)).toEqual({ code: 0, data: null, msg: "", type: "admin" });
    expect(await request(authApi.passwordLogin, {})).toMatchObject({ code: 900, msg: "密码错误" });
  });

  it("call unwraps data on code 0 and throws an HttpError carrying msg otherwise", async () => {
    fakeServer({ "GET /cms/enterprisename": ok("示例学校"), "POST /cms/chgpasswd": fail(1001, "验证码已过期") });
    expect(await call(authApi.enterpriseName)).toBe("示例学校");
    const error = await call(authApi.changePassword, { auth_code: "1", passwd: "abcdef" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpRequestError);
    expect(error).toMatchObject({ message: "验证码已过期", statusCode: 400, code: 1001, refused: true, quiet: false });
    expect(toast).not.toHaveBeenCalled();
  });

  it("names the field the server blames, as Refine forms expect", async () => {
    fakeServer({ "POST /api/v1/user/register": fail(1, "请填写正确的手机号", { field: "mobile" }) });
    await expect(call(authApi.register, { mobile: "1" })).rejects.toMatchObject({
      message: "请填写正确的手机号",
      errors: { mobile: "请填写正确的手机号" },
    });
  });

  it("goes to /login on body code 401, unless already on a page that needs no session", async () => {
    fakeServer({ "GET /cms/loginrouter": fail(401, "未登录") });
    await expect(call(authApi.menu)).rejects.toMatchObject({ statusCode: 401, code: 401 });
    expect(assign).toHaveBeenCalledWith("/login");

    assign.mockClear();
    window.history.pushState({}, "", "/login");
    await request(authApi.menu);
    expect(assign).not.toHaveBeenCalled();
  });

  it("leaves a session probe's 401 to its caller: no message, no reload", async () => {
    fakeServer({ "GET /cms/trylogin": new HttpReply(401, { code: 401, data: null, msg: "未授权，请登录" }) });
    await expect(request(authApi.tryLogin, undefined, { authProbe: true })).rejects.toMatchObject({ statusCode: 401 });
    fakeServer({ "GET /cms/trylogin": fail(401, "未登录") });
    expect(await request(authApi.tryLogin, undefined, { authProbe: true })).toMatchObject({ code: 401 });
    expect(toast).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("words a failed status from the catalogue in Chinese and shows nothing itself (the caller's notifications do)", async () => {
    fakeServer({
      "GET /cms/a": new HttpReply(500),
      "GET /cms/b": new HttpReply(404),
      "GET /cms/c": new HttpReply(418),
      "GET /cms/d": new HttpReply(403, { code: 403, msg: "no", data: null }),
    });
    await expect(request(ep("GET /cms/a"))).rejects.toMatchObject({ message: "服务器内部错误", statusCode: 500, refused: false, quiet: false });
    await expect(request(ep("GET /cms/b"))).rejects.toMatchObject({ message: "请求地址出错: http://cms.test/cms/b" });
    await expect(request(ep("GET /cms/c"))).rejects.toMatchObject({ message: "未知错误" });
    const forbidden = await request(ep("GET /cms/d")).catch((e: unknown) => e);
    expect(forbidden).toMatchObject({ message: "拒绝访问", code: 403 });
    expect(toast).not.toHaveBeenCalled();
    // Shown where a page reports it, once, in the catalogue's words.
    reportError(forbidden);
    expect(toast).toHaveBeenCalledWith("拒绝访问");
    expect(assign).not.toHaveBeenCalled();
  });

  it("HTTP 401 goes to /login and is a quiet failure nobody is told of", async () => {
    fakeServer({ "GET /cms/userpriv": new HttpReply(401) });
    const error = await request(authApi.userPriv).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 401, message: "未授权，请登录", quiet: true });
    expect(assign).toHaveBeenCalledWith("/login");
    reportError(error);
    expect(toast).not.toHaveBeenCalled();
  });

  it("knows every status of the catalogue", () => {
    const texts = [400, 401, 403, 408, 500, 501, 502, 503, 504, 505].map((status) => httpStatusText(status));
    expect(texts).toEqual([
      "请求错误", "未授权，请登录", "拒绝访问", "请求超时", "服务器内部错误",
      "服务未实现", "网关错误", "服务不可用", "网关超时", "HTTP版本不受支持",
    ]);
  });

  it("only logs a timeout", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    fakeServer({ "GET /cms/trylogin": new TransportFailure("timeout") });
    const error = await request(authApi.tryLogin).catch((e: unknown) => e);
    expect(warn).toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalled();
    reportError(error);
    expect(toast).not.toHaveBeenCalled();
  });

  it("lets the caller show a network error, once", async () => {
    fakeServer({ "POST /cms/tarzan": new TransportFailure("network") });
    const error = await request(authApi.passwordLogin, {}).catch((e: unknown) => e);
    expect(toast).not.toHaveBeenCalled();
    reportError(error);
    expect(toast).toHaveBeenCalledWith("网络异常");
    expect(toast.mock.calls.flat().join("")).not.toMatch(/[A-Za-z]/);
  });

  it("rejects an answer that is not an envelope", async () => {
    fakeServer({ "GET /cms/trylogin": "<!doctype html>" });
    await expect(request(authApi.tryLogin)).rejects.toMatchObject({ message: "服务器返回了无法识别的数据" });
  });

  it("builds the captcha image address on the cms host", () => {
    expect(endpointUrl(authApi.captchaImage, { mobile: "13800000000", ts: 42 })).toBe(
      "http://cms.test/cms/captcha?mobile=13800000000&ts=42",
    );
  });
});
