import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { pageLocation } from "../../../providers/location";
import { ForgetPasswordPage } from "../../../src/features/auth/forget-password-page";
import { RegisterPage } from "../../../src/features/auth/register-page";
import { fail, fakeServer, ok } from "../../kernel/client/support/fake-server";
import { paste } from "../../kernel/client/support/paste";
import { renderAt } from "../../kernel/client/support/render";

const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const errorTexts = () => [...document.querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent);

/** 获取验证码 asks for the mobile's graphic captcha first; with it typed, the code is requested. */
async function requestCodeWithCaptcha() {
  fireEvent.click(screen.getByRole("button", { name: "获取验证码" }));
  const image = (await screen.findByAltText("图形验证码")) as HTMLImageElement;
  expect(image.src).toMatch(/\/cms\/captcha\?mobile=13812345678&ts=\d+$/);
  await waitFor(() => expect(errorTexts()).toEqual(["请输入验证码"]));
  type("图形验证码", "k3x9");
  fireEvent.click(screen.getByRole("button", { name: "获取验证码" }));
}

describe("registration", () => {
  beforeEach(() => vi.spyOn(pageLocation, "assign").mockImplementation(() => undefined));
  afterEach(() => {
    vi.restoreAllMocks();
    setHttpAdapter();
  });

  it("validates in the spec's order with the schema's messages", async () => {
    fakeServer({});
    renderAt("/register", <RegisterPage />);
    expect(screen.getByPlaceholderText("6-20位密码")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /注\s?册/ }));
    await waitFor(() =>
      expect(errorTexts()).toEqual(["请输入手机号", "请输入验证码", "请输入密码", "请再次输入密码", "请阅读并同意用户协议"]),
    );
    type("手机号", "12345");
    type("6-20位密码", "abc");
    type("确认密码", "abd");
    await waitFor(() => expect(errorTexts()).toEqual(["请填写正确的手机号", "请输入验证码", "密码长度为6-20位", "两次输入的密码不一致", "请阅读并同意用户协议"]));
  });

  it("keeps a pasted mobile and password whole and says their rules' messages instead of cutting them", async () => {
    const server = fakeServer({ "POST /api/v1/user/register": ok() });
    renderAt("/register", <RegisterPage />);
    const mobile = "138123456789";
    const long = "abcd1234abcd1234abcdx";
    expect(paste(screen.getByPlaceholderText("手机号"), mobile)).toBe(mobile);
    type("验证码", "654321");
    expect(paste(screen.getByPlaceholderText("6-20位密码"), long)).toBe(long);
    expect(paste(screen.getByPlaceholderText("确认密码"), long)).toBe(long);
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: /注\s?册/ }));
    await waitFor(() => expect(errorTexts()).toEqual(["请填写正确的手机号", "密码长度为6-20位"]));
    expect(server.calls("POST /api/v1/user/register")).toHaveLength(0);
  });

  it("requests a code for a valid mobile, then registers and returns to /login", async () => {
    const server = fakeServer({ "POST /api/v1/register/auth-code": ok(), "POST /api/v1/user/register": ok() });
    renderAt("/register", <RegisterPage />);
    type("手机号", "13812345678");
    await requestCodeWithCaptcha();
    expect(await screen.findByText("获取成功")).toBeTruthy();
    expect(server.calls("POST /api/v1/register/auth-code").map((call) => call.body)).toEqual([{ area_code: "86", mobile: "13812345678", authcode: "k3x9" }]);
    expect(await screen.findByRole("button", { name: /秒后重新获取/ })).toBeTruthy();

    type("验证码", "654321");
    type("6-20位密码", "secret12");
    type("确认密码", "secret12");
    fireEvent.click(screen.getByRole("checkbox"));
    fireEvent.click(screen.getByRole("button", { name: /注\s?册/ }));
    expect(await screen.findByText("注册成功")).toBeTruthy();
    expect((await screen.findByTestId("landed")).textContent).toBe("/login");
    expect(server.calls("POST /api/v1/user/register")[0].body).toEqual({
      area_code: "86",
      mobile: "13812345678",
      auth_code: "654321",
      passwd: "secret12",
      name: "",
    });
  });

  it("shows the server's msg when no code can be sent", async () => {
    fakeServer({ "POST /api/v1/register/auth-code": fail(1, "该手机号已注册，请直接登录") });
    renderAt("/register", <RegisterPage />);
    type("手机号", "13812345678");
    await requestCodeWithCaptcha();
    expect(await screen.findByText("该手机号已注册，请直接登录")).toBeTruthy();
    expect(screen.getByRole("button", { name: "获取验证码" })).toBeTruthy();
  });
});

describe("password retrieval", () => {
  afterEach(() => setHttpAdapter());

  it("changes the password and returns to /login", async () => {
    const server = fakeServer({ "POST /api/v1/retrieve-passwd/auth-code": ok(), "POST /api/v1/retrieve-passwd": ok() });
    renderAt("/forget-password", <ForgetPasswordPage />);
    expect(screen.getByRole("link", { name: "返回" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "关闭" }).getAttribute("href")).toBe("/login");
    type("手机号", "13812345678");
    await requestCodeWithCaptcha();
    expect(await screen.findByText("获取成功")).toBeTruthy();
    expect(server.calls("POST /api/v1/retrieve-passwd/auth-code").map((call) => call.body)).toEqual([{ area_code: "86", mobile: "13812345678", authcode: "k3x9" }]);
    type("验证码", "111111");
    type("新密码", "secret12");
    type("确认密码", "secret12");
    fireEvent.click(screen.getByRole("button", { name: /修\s?改/ }));
    expect(await screen.findByText("修改成功")).toBeTruthy();
    expect((await screen.findByTestId("landed")).textContent).toBe("/login");
    expect(server.calls("POST /api/v1/retrieve-passwd")[0].body).toEqual({ area_code: "86", mobile: "13812345678", auth_code: "111111", passwd: "secret12" });
  });

  it("keeps the person on the page with the server's msg on failure", async () => {
    fakeServer({ "POST /api/v1/retrieve-passwd": fail(1, "验证码已失效") });
    renderAt("/forget-password", <ForgetPasswordPage />);
    type("手机号", "13812345678");
    type("验证码", "111111");
    type("新密码", "secret12");
    type("确认密码", "secret12");
    fireEvent.click(screen.getByRole("button", { name: /修\s?改/ }));
    expect(await screen.findByText("验证码已失效")).toBeTruthy();
    expect(screen.queryByTestId("landed")).toBeNull();
  });
});
