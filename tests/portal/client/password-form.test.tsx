import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { portalAccountPage } from "../../../resources/portal/account";
import { TabbedFormsPage } from "../../../src/engine/tabbed-forms-page";
import { fail, fakeServer, ok, TransportFailure, type Handler } from "../../kernel/client/support/fake-server";
import { paste } from "../../kernel/client/support/paste";
import { renderPage } from "../../users/client/render-page";

/**
 * The portal's password change (2 §5, §8), the declared form of 个人信息's first tab: its messages in the spec's order of rules (all three
 * required, the confirmation equal, then the complexity), and how a refusal and a dropped
 * connection read.
 */

const weak = "您的密码复杂度太低（密码中必须包含字母、数字），请修改密码！";
const errors = () => [...document.querySelectorAll("#portal-password .ant-form-item-explain-error")].map((node) => node.textContent);
const toast = () => document.querySelector(".ant-message")?.textContent ?? "";

function fill(old: string, fresh: string, confirm: string) {
  fireEvent.change(screen.getByPlaceholderText("请输入旧密码"), { target: { value: old } });
  fireEvent.change(screen.getByPlaceholderText("6-16位字母和数字"), { target: { value: fresh } });
  fireEvent.change(screen.getByPlaceholderText("再次输入新密码"), { target: { value: confirm } });
  fireEvent.click(screen.getByRole("button", { name: "修改密码" }));
}

function render(answer: Handler | unknown) {
  const server = fakeServer({ "POST /api/v1/passwd": answer, "GET /api/v1/user-info": ok({ nickname: "学生", mobile: "13800000003" }) });
  renderPage("/stuIndex/userinfo", <TabbedFormsPage decl={portalAccountPage} />);
  return server;
}

describe("the portal's password change", () => {
  afterEach(() => setHttpAdapter());

  it("says 输入不能为空, then 两次密码不一致, then the complexity rule, and sends nothing until they pass", async () => {
    const server = render(ok(null, { msg: "修改成功" }));
    fireEvent.click(await screen.findByRole("button", { name: "修改密码" }));
    await waitFor(() => expect(errors()).toEqual(["输入不能为空", "输入不能为空", "输入不能为空"]));
    fill("demo1234", "abc123", "abc124");
    await waitFor(() => expect(errors()).toEqual(["两次密码不一致"]));
    fill("demo1234", "abcdef", "abcdef");
    await waitFor(() => expect(errors()).toEqual([weak]));
    fill("demo1234", "12345678901234567", "12345678901234567");
    await waitFor(() => expect(errors()).toEqual([weak]));
    expect(server.calls("POST /api/v1/passwd")).toHaveLength(0);
    fill("demo1234", "abc123", "abc123");
    await waitFor(() => expect(toast()).toContain("修改成功"));
    expect(server.calls("POST /api/v1/passwd")[0].body).toEqual({ old_passwd: "demo1234", new_passwd: "abc123" });
    // Done: the form is empty again.
    await waitFor(() => expect((screen.getByPlaceholderText("请输入旧密码") as HTMLInputElement).value).toBe(""));
  });

  it("keeps a pasted 17-character password whole and says the rule's message instead of saving 16 of it", async () => {
    const server = render(ok(null, { msg: "修改成功" }));
    await screen.findByRole("button", { name: "修改密码" });
    const long = "abcd1234abcd1234x";
    fireEvent.change(screen.getByPlaceholderText("请输入旧密码"), { target: { value: "demo1234" } });
    expect(paste(screen.getByPlaceholderText("6-16位字母和数字"), long)).toBe(long);
    expect(paste(screen.getByPlaceholderText("再次输入新密码"), long)).toBe(long);
    fireEvent.click(screen.getByRole("button", { name: "修改密码" }));
    await waitFor(() => expect(errors()).toEqual([weak]));
    expect(server.calls("POST /api/v1/passwd")).toHaveLength(0);
  });

  it("reads a refusal as 修改失败 #code, with the server's words under the field it names", async () => {
    render(fail(1, "旧密码错误", { field: "old_passwd" }));
    await screen.findByRole("button", { name: "修改密码" });
    fill("wrong1", "abc123", "abc123");
    await waitFor(() => expect(toast()).toContain("修改失败 #1"));
    await waitFor(() => expect(errors()).toEqual(["旧密码错误"]));
  });

  it("says 网络异常 when no answer comes", async () => {
    render(new TransportFailure("network"));
    await screen.findByRole("button", { name: "修改密码" });
    fill("demo1234", "abc123", "abc123");
    await waitFor(() => expect(toast()).toContain("网络异常"));
    expect(toast()).not.toContain("修改失败");
  });
});
