import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { LoginPage } from "../../../src/features/auth/login-page";
import { fail, fakeServer, HttpReply, ok, TransportFailure, type Handler } from "../../kernel/client/support/fake-server";
import { renderAt } from "../../kernel/client/support/render";
import { isolateSession } from "../../kernel/client/support/isolate";

const noSession = { "GET /cms/trylogin": fail(401, "未登录") };
// antd puts a space between the two characters of a two-character button label.
const loginButton = (scope: HTMLElement) => within(scope).getByRole("button", { name: /登\s?录/ });
const activePane = () => document.querySelector<HTMLElement>("[role=tabpanel]:not([hidden])")!;
const type = (scope: HTMLElement, placeholder: string, value: string) =>
  fireEvent.change(within(scope).getByPlaceholderText(placeholder), { target: { value } });

function renderLogin(handlers: Record<string, Handler | unknown> = {}) {
  const server = fakeServer({ ...noSession, ...handlers });
  renderAt("/login", <LoginPage />);
  return server;
}

describe("login page", () => {
  isolateSession();

  it("offers both tabs and the links to retrieve a password and register", async () => {
    renderLogin();
    expect(screen.getByRole("tab", { name: "账号密码登录" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "手机快捷登录" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "忘记密码" }).getAttribute("href")).toBe("/forget-password");
    expect(screen.getByRole("link", { name: "注册账号" }).getAttribute("href")).toBe("/register");
  });

  it("asks for the phone number and the password on an empty submit", async () => {
    const server = renderLogin();
    fireEvent.click(loginButton(activePane()));
    expect(await screen.findByText("请输入手机号")).toBeTruthy();
    expect(await screen.findByText("请输入密码")).toBeTruthy();
    expect(server.calls("POST /cms/tarzan")).toHaveLength(0);
  });

  it("reveals the graphic captcha after a 900 answer, requires it, and refreshes it after each failure", async () => {
    let clock = 1_000;
    vi.spyOn(Date, "now").mockImplementation(() => (clock += 1));
    const answers = [fail(900, "wrong"), fail(904, "captcha")];
    const server = renderLogin({ "POST /cms/tarzan": () => answers.shift() });
    expect(screen.queryByAltText("图形验证码")).toBeNull();

    type(activePane(), "手机号", "13800000000");
    type(activePane(), "密码", "nope");
    fireEvent.click(loginButton(activePane()));
    expect(await screen.findByText("用户名或密码错误")).toBeTruthy();
    const image = (await screen.findByAltText("图形验证码")) as HTMLImageElement;
    expect(image.src).toMatch(/\/cms\/captcha\?mobile=13800000000&ts=\d+$/);
    const firstSrc = image.src;

    fireEvent.click(loginButton(activePane()));
    expect(await screen.findByText("请输入验证码")).toBeTruthy();
    expect(server.calls("POST /cms/tarzan")).toHaveLength(1);

    type(activePane(), "图形验证码", "abcd");
    fireEvent.click(loginButton(activePane()));
    expect(await screen.findByText("验证码错误")).toBeTruthy();
    expect(server.calls("POST /cms/tarzan")[1].body).toEqual({ mobile: "13800000000", passwd: "nope", authcode: "abcd" });
    await waitFor(() => expect((screen.getByAltText("图形验证码") as HTMLImageElement).src).not.toBe(firstSrc));
  });

  it("asks for the captcha, not calling it wrong, when the server needs one the page is not showing (904)", async () => {
    const answers = [fail(904, "请输入验证码", { needCaptcha: true }), ok()];
    const server = renderLogin({ "POST /cms/tarzan": () => answers.shift() });
    type(activePane(), "手机号", "13800000000");
    type(activePane(), "密码", "demo1234");
    fireEvent.click(loginButton(activePane()));
    const image = (await screen.findByAltText("图形验证码")) as HTMLImageElement;
    expect(image.src).toMatch(/\/cms\/captcha\?mobile=13800000000&ts=\d+$/);
    expect(await within(activePane()).findByText("请输入验证码")).toBeTruthy();
    expect(screen.queryByText("验证码错误")).toBeNull();
    type(activePane(), "图形验证码", "k3x9");
    fireEvent.click(loginButton(activePane()));
    expect((await screen.findByTestId("landed")).textContent).toBe("/identity");
    expect(server.calls("POST /cms/tarzan")[1].body).toEqual({ mobile: "13800000000", passwd: "demo1234", authcode: "k3x9" });
  });

  it("shows the server's words for a locked account and for too many requests", async () => {
    const locked = "密码错误次数过多，账号已锁定，请15分钟后再试";
    const answers: unknown[] = [fail(429, locked, { needCaptcha: true }), new HttpReply(429, fail(429, "请求过于频繁，请稍后再试"))];
    renderLogin({ "POST /cms/tarzan": () => answers.shift() });
    type(activePane(), "手机号", "13800000000");
    type(activePane(), "密码", "demo1234");
    fireEvent.click(loginButton(activePane()));
    expect(await screen.findByText(locked)).toBeTruthy();
    type(activePane(), "图形验证码", "k3x9");
    fireEvent.click(loginButton(activePane()));
    expect(await screen.findByText("请求过于频繁，请稍后再试")).toBeTruthy();
    expect(screen.queryByText("用户名或密码错误")).toBeNull();
  });

  it("gives the two tabs' fields distinct ids", async () => {
    renderLogin();
    fireEvent.click(screen.getByRole("tab", { name: "手机快捷登录" }));
    await waitFor(() => expect(document.querySelectorAll("input[autocomplete=one-time-code]")).toHaveLength(1));
    const ids = [...document.querySelectorAll("[id]")].map((node) => node.id);
    expect(ids.filter((id) => id.endsWith("mobile"))).toHaveLength(2);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("signs in, remembers the phone and goes to /identity", async () => {
    renderLogin({ "POST /cms/tarzan": ok() });
    type(activePane(), "手机号", "13800000000");
    type(activePane(), "密码", "demo1234");
    fireEvent.click(loginButton(activePane()));
    expect((await screen.findByTestId("landed")).textContent).toBe("/identity");
    expect(localStorage.getItem("phone")).toBe("13800000000");
  });

  it("shows a network error's text", async () => {
    renderLogin({ "POST /cms/tarzan": new TransportFailure("network") });
    type(activePane(), "手机号", "13800000000");
    type(activePane(), "密码", "demo1234");
    fireEvent.click(loginButton(activePane()));
    expect(await screen.findByText("网络异常")).toBeTruthy();
  });

  it("skips the form when a session already has an identity, or goes to choose one", async () => {
    renderLogin({ "GET /cms/trylogin": { code: 0, data: null, msg: "", type: "teacher" } });
    expect((await screen.findByTestId("landed")).textContent).toBe("/teaIndex");
  });

  it("sends a signed-in visitor without an identity to /identity", async () => {
    renderLogin({ "GET /cms/trylogin": { code: 0, data: null, msg: "", type: null } });
    expect((await screen.findByTestId("landed")).textContent).toBe("/identity");
  });

  describe("quick login tab", () => {
    const openQuickTab = () => fireEvent.click(screen.getByRole("tab", { name: "手机快捷登录" }));
    const codeButton = () => within(activePane()).getByRole("button", { name: /获取验证码|秒后重新获取/ });

    it("needs the phone number before anything else", async () => {
      const server = renderLogin();
      openQuickTab();
      fireEvent.click(codeButton());
      expect(await within(activePane()).findByText("请输入手机号")).toBeTruthy();
      expect(screen.queryByAltText("图形验证码")).toBeNull();
      expect(server.calls("POST /api/v1/login/auth-code")).toHaveLength(0);
    });

    it("asks for the graphic captcha first, then requests the code and counts down", async () => {
      const server = renderLogin({ "POST /api/v1/login/auth-code": ok() });
      openQuickTab();
      type(activePane(), "手机号", "13800000000");
      fireEvent.click(codeButton());
      expect(await screen.findByAltText("图形验证码")).toBeTruthy();
      expect(await within(activePane()).findByText("请输入验证码")).toBeTruthy();
      expect(server.calls("POST /api/v1/login/auth-code")).toHaveLength(0);

      type(activePane(), "图形验证码", "k3x9");
      fireEvent.click(codeButton());
      expect(await screen.findByText("获取成功")).toBeTruthy();
      expect(server.calls("POST /api/v1/login/auth-code")[0].body).toEqual({ area_code: "86", mobile: "13800000000", authcode: "k3x9" });
      await waitFor(() => expect(codeButton().textContent).toMatch(/^(60|59)秒后重新获取$/));
      expect((codeButton() as HTMLButtonElement).disabled).toBe(true);
      // The captcha's earlier message goes once a code was sent with it.
      await waitFor(() => expect(within(activePane()).queryByText("请输入验证码")).toBeNull());
    });

    it("shows the server's refusal and loads a new captcha", async () => {
      let clock = 5_000;
      vi.spyOn(Date, "now").mockImplementation(() => (clock += 1));
      renderLogin({ "POST /api/v1/login/auth-code": fail(1, "图形验证码错误") });
      openQuickTab();
      type(activePane(), "手机号", "13800000000");
      fireEvent.click(codeButton());
      const image = (await screen.findByAltText("图形验证码")) as HTMLImageElement;
      const before = image.src;
      type(activePane(), "图形验证码", "zzzz");
      fireEvent.click(codeButton());
      expect(await screen.findByText("图形验证码错误")).toBeTruthy();
      await waitFor(() => expect((screen.getByAltText("图形验证码") as HTMLImageElement).src).not.toBe(before));
      expect(codeButton().textContent).toBe("获取验证码");
    });

    it("fetches the captcha again for a corrected phone, so the answer shown works the first time", async () => {
      let clock = 9_000;
      vi.spyOn(Date, "now").mockImplementation(() => (clock += 1));
      const server = renderLogin({ "POST /api/v1/login/auth-code": ok() });
      openQuickTab();
      type(activePane(), "手机号", "1380000");
      fireEvent.click(codeButton());
      const image = (await screen.findByAltText("图形验证码")) as HTMLImageElement;
      expect(image.src).toMatch(/mobile=1380000&/);
      type(activePane(), "手机号", "13800000003");
      await waitFor(() => expect(image.src).toMatch(/mobile=13800000003&/));
      type(activePane(), "图形验证码", "k3x9");
      fireEvent.click(codeButton());
      expect(await screen.findByText("获取成功")).toBeTruthy();
      expect(server.calls("POST /api/v1/login/auth-code").map((call) => call.body)).toEqual([{ area_code: "86", mobile: "13800000003", authcode: "k3x9" }]);
    });

    it("never sends a captcha answered for another phone, and shows the new phone's image", async () => {
      let clock = 11_000;
      vi.spyOn(Date, "now").mockImplementation(() => (clock += 1));
      const server = renderLogin({ "POST /api/v1/login/auth-code": ok() });
      openQuickTab();
      type(activePane(), "手机号", "1380000");
      fireEvent.click(codeButton());
      const image = (await screen.findByAltText("图形验证码")) as HTMLImageElement;
      type(activePane(), "图形验证码", "k3x9");
      // Asked again at once, before the image has followed the new phone.
      type(activePane(), "手机号", "13800000003");
      fireEvent.click(codeButton());
      await waitFor(() => expect(image.src).toMatch(/mobile=13800000003&/));
      expect(await within(activePane()).findByText("请输入验证码")).toBeTruthy();
      expect((within(activePane()).getByPlaceholderText("图形验证码") as HTMLInputElement).value).toBe("");
      expect(server.calls("POST /api/v1/login/auth-code")).toHaveLength(0);
    });

    it("marks only what asking for a code lacks, not the SMS code field", async () => {
      renderLogin();
      openQuickTab();
      const errors = () => [...activePane().querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent);
      fireEvent.click(loginButton(activePane()));
      await waitFor(() => expect(errors()).toEqual(["请输入手机号", "请输入验证码"]));
      type(activePane(), "手机号", "13800000000");
      fireEvent.click(codeButton());
      await screen.findByAltText("图形验证码");
      await waitFor(() => expect(errors()).toEqual(["请输入验证码"]));
      expect(within(activePane()).getByPlaceholderText("图形验证码").getAttribute("aria-invalid")).toBe("true");
      expect(within(activePane()).getByPlaceholderText("短信验证码").getAttribute("aria-invalid")).not.toBe("true");
    });

    it("signs in with the SMS code, or says the code is wrong", async () => {
      const answers = [fail(1, "bad"), ok()];
      const server = renderLogin({ "POST /cms/authlogin": () => answers.shift() });
      openQuickTab();
      type(activePane(), "手机号", "13800000000");
      type(activePane(), "短信验证码", "123456");
      fireEvent.click(loginButton(activePane()));
      expect(await screen.findByText("验证码错误")).toBeTruthy();
      fireEvent.click(loginButton(activePane()));
      expect((await screen.findByTestId("landed")).textContent).toBe("/identity");
      expect(server.calls("POST /cms/authlogin")[0].body).toEqual({ area_code: "86", mobile: "13800000000", auth_code: "123456" });
    });
  });
});
