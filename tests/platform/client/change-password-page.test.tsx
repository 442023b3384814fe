import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fail, fakeServer, ok, type Handler } from "../../kernel/client/support/fake-server";
import { adminMenu, me, renderConsole, session } from "../../kernel/client/support/console";
import { isolateSession } from "../../kernel/client/support/isolate";
import { paste } from "../../kernel/client/support/paste";

function server(overrides: Record<string, Handler | unknown> = {}) {
  return fakeServer({
    "GET /cms/trylogin": session("admin"),
    "GET /cms/loginrouter": ok(adminMenu),
    "GET /cms/enterprisename": ok("示例学校"),
    "GET /cms/account/balance": ok({ balance: 1 }),
    "GET /api/v1/user-info": ok(me),
    "POST /cms/getcaptcha": ok(),
    "POST /cms/logout": ok(),
    ...overrides,
  });
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: /确\s?定/ }));
const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

describe("admin password change", () => {
  isolateSession();

  it("shows the admin's masked mobile and the schema's messages on an empty submit", async () => {
    const fake = server();
    renderConsole("/changepwd");
    expect(await screen.findByText("138****0000")).toBeTruthy();
    submit();
    expect(await screen.findByText("请输入验证码")).toBeTruthy();
    expect(screen.getByText("请输入新密码")).toBeTruthy();
    expect(screen.getByText("两次输入的密码不一致")).toBeTruthy();
    expect(fake.calls("POST /cms/chgpasswd")).toHaveLength(0);
  });

  it("sends the code to the admin's phone and counts down", async () => {
    const fake = server();
    renderConsole("/changepwd");
    fireEvent.click(await screen.findByRole("button", { name: "获取验证码" }));
    expect(await screen.findByText("验证码已发送")).toBeTruthy();
    expect(fake.calls("POST /cms/getcaptcha")).toHaveLength(1);
    expect(await screen.findByRole("button", { name: /秒后重新获取/ })).toBeTruthy();
  });

  it("reports a refused change as 密码修改失败, a colon and the server's words", async () => {
    server({ "POST /cms/chgpasswd": fail(1, "验证码错误") });
    renderConsole("/changepwd");
    await screen.findByText("138****0000");
    type("请输入验证码", "123456");
    type("6-20位密码", "newpass1");
    type("再次输入新密码", "newpass1");
    submit();
    expect(await screen.findByText("密码修改失败：验证码错误")).toBeTruthy();
  });

  it("keeps a pasted 21-character password whole and says 密码长度为6-20位 instead of saving 20 of it", async () => {
    const fake = server({ "POST /cms/chgpasswd": ok() });
    renderConsole("/changepwd");
    await screen.findByText("138****0000");
    const long = "abcd1234abcd1234abcdx";
    type("请输入验证码", "123456");
    expect(paste(screen.getByPlaceholderText("6-20位密码"), long)).toBe(long);
    expect(paste(screen.getByPlaceholderText("再次输入新密码"), long)).toBe(long);
    submit();
    expect(await screen.findByText("密码长度为6-20位")).toBeTruthy();
    expect(fake.calls("POST /cms/chgpasswd")).toHaveLength(0);
  });

  it("signs out after a successful change", async () => {
    const fake = server({ "POST /cms/chgpasswd": ok() });
    renderConsole("/changepwd");
    await screen.findByText("138****0000");
    type("请输入验证码", "123456");
    type("6-20位密码", "newpass1");
    type("再次输入新密码", "newpass1");
    submit();
    expect(await screen.findByText("密码修改成功，请重新登录")).toBeTruthy();
    expect((await screen.findByTestId("landed")).textContent).toBe("/login");
    expect(fake.calls("POST /cms/chgpasswd")[0].body).toEqual({ auth_code: "123456", passwd: "newpass1" });
    await waitFor(() => expect(fake.calls("POST /cms/logout")).toHaveLength(1));
  });
});
