import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { developerApi, maskedKey } from "../../../resources/developer/developer";
import { fail, fakeServer, ok, type Handler } from "../../kernel/client/support/fake-server";
import { me, renderConsole, session } from "../../kernel/client/support/console";
import { menuFor } from "../../../stories/support/fixtures";
import { isolateSession } from "../../kernel/client/support/isolate";

const at = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`;

function server(overrides: Record<string, Handler | unknown> = {}) {
  let guid = "a".repeat(32);
  return fakeServer({
    "GET /cms/trylogin": session("admin"),
    "GET /cms/loginrouter": ok(menuFor(["appidop"])),
    "GET /cms/enterprisename": ok("示例学校"),
    "GET /cms/account/balance": ok({ balance: 1 }),
    "GET /api/v1/user-info": ok(me),
    [at(developerApi.appId)]: () => ok({ guid, key: maskedKey }),
    [at(developerApi.ownMobile)]: ok({ mobile: "138****0009" }),
    [at(developerApi.mainAdminMobile)]: ok({ mobile: "138****0000" }),
    [at(developerApi.keyCode)]: ok(null),
    [at(developerApi.resetCode)]: ok(null),
    [at(developerApi.viewKey)]: ok({ key: "the-private-key" }),
    [at(developerApi.reset)]: () => {
      guid = "b".repeat(32);
      return ok({ guid });
    },
    ...overrides,
  });
}

const dialog = () => screen.findByRole("dialog");

describe("/appidop", () => {
  isolateSession();

  it("shows the App Id and the key masked, and the key only after a code of one's own phone", async () => {
    const fake = server();
    renderConsole("/appidop");
    expect(await screen.findByText("a".repeat(32))).toBeTruthy();
    expect(screen.getByText(maskedKey)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /查\s?看/ }));
    const view = within(await dialog());
    expect(await view.findByText("138****0009")).toBeTruthy();
    // 3 §5: the code is required.
    fireEvent.click(view.getByRole("button", { name: /查\s?看/ }));
    expect(await view.findByText("请输入验证码")).toBeTruthy();
    expect(fake.calls(at(developerApi.viewKey))).toHaveLength(0);

    fireEvent.click(view.getByRole("button", { name: "获取验证码" }));
    expect(await screen.findByText("验证码已发送")).toBeTruthy();
    expect(fake.calls(at(developerApi.keyCode))).toHaveLength(1);
    fireEvent.change(view.getByPlaceholderText("请输入验证码"), { target: { value: "123456" } });
    fireEvent.click(view.getByRole("button", { name: /查\s?看/ }));
    expect(await view.findByText("the-private-key")).toBeTruthy();
    expect(fake.calls(at(developerApi.viewKey))[0].body).toEqual({ authcode: "123456" });
  });

  it("resets the App Id with the main admin's code: AppId重置成功 and the new App Id shown", async () => {
    const fake = server();
    renderConsole("/appidop");
    await screen.findByText("a".repeat(32));
    fireEvent.click(screen.getByRole("button", { name: /重\s?置/ }));
    const reset = within(await dialog());
    expect(await reset.findByText("138****0000")).toBeTruthy();
    fireEvent.click(reset.getByRole("button", { name: "获取验证码" }));
    await waitFor(() => expect(fake.calls(at(developerApi.resetCode))).toHaveLength(1));
    fireEvent.change(reset.getByPlaceholderText("请输入验证码"), { target: { value: "654321" } });
    fireEvent.click(reset.getByRole("button", { name: /重\s?置/ }));
    expect(await screen.findByText("AppId重置成功")).toBeTruthy();
    expect(await screen.findByText("b".repeat(32))).toBeTruthy();
    expect(fake.calls(at(developerApi.reset))[0].body).toEqual({ authcode: "654321" });
  });

  it("says 重置AppId失败！ and the server's words when the code is refused", async () => {
    server({ [at(developerApi.reset)]: fail(1, "验证码错误") });
    renderConsole("/appidop");
    await screen.findByText("a".repeat(32));
    fireEvent.click(screen.getByRole("button", { name: /重\s?置/ }));
    const reset = within(await dialog());
    fireEvent.change(await reset.findByPlaceholderText("请输入验证码"), { target: { value: "000000" } });
    fireEvent.click(reset.getByRole("button", { name: /重\s?置/ }));
    expect(await screen.findByText("重置AppId失败！验证码错误")).toBeTruthy();
    expect(screen.getByText("a".repeat(32))).toBeTruthy();
  });

  it("refuses a person without appidop before asking for anything", async () => {
    const fake = server({ "GET /cms/loginrouter": ok(menuFor(["teacherop"])) });
    renderConsole("/appidop");
    expect(await screen.findByText("无权访问")).toBeTruthy();
    expect(fake.calls(at(developerApi.appId))).toHaveLength(0);
  });

  it("titles a failed read and reads again on 重试", async () => {
    let first = true;
    server({
      [at(developerApi.appId)]: () => {
        if (!first) return ok({ guid: "c".repeat(32), key: maskedKey });
        first = false;
        return fail(500, "服务器内部错误");
      },
    });
    renderConsole("/appidop");
    expect(await screen.findByText("AppId加载失败")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /重\s?试/ }));
    expect(await screen.findByText("c".repeat(32))).toBeTruthy();
  });
});
