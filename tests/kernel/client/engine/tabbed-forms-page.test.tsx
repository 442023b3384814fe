import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { portalAccountPage } from "../../../../resources/portal/account";
import { setHttpAdapter } from "../../../../providers/http";
import { TabbedFormsPage } from "../../../../src/engine/tabbed-forms-page";
import { fail, fakeServer, HttpReply, ok, TransportFailure, type Handler } from "../support/fake-server";
import { renderPage, where } from "../../../users/client/render-page";

/**
 * A declared page of forms in tabs (resources/kernel/tabbed-forms.ts), over the portal's 个人信息:
 * its panel, the open tab in the address (the first tab's key never), and each form's words on
 * success and refusal as its declaration gives them.
 */

const toast = () => document.querySelector(".ant-message")?.textContent ?? "";
const errors = (form: string) => [...document.querySelectorAll(`#${form} .ant-form-item-explain-error`)].map((node) => node.textContent);

function render(url: string, nickname: Handler | unknown = ok(null)) {
  let name = "小明";
  const server = fakeServer({
    "GET /api/v1/user-info": () => ok({ nickname: name, mobile: "13800000003", group: { name: "示例学校" } }),
    "POST /api/v1/user/nickname": (request: Parameters<Handler>[0]) => {
      const answer = typeof nickname === "function" ? (nickname as Handler)(request) : nickname;
      if ((answer as { code?: number } | undefined)?.code === 0) name = (request.body as { nickname: string }).nickname;
      return answer;
    },
  });
  renderPage(url, <TabbedFormsPage decl={portalAccountPage} />);
  return server;
}

async function rename(to: string) {
  const box = await screen.findByPlaceholderText("请输入昵称");
  await waitFor(() => expect((box as HTMLInputElement).value).toBe("小明"));
  fireEvent.change(box, { target: { value: to } });
  fireEvent.click(screen.getByRole("button", { name: "修改昵称" }));
}

describe("a declared page of forms in tabs", () => {
  afterEach(() => setHttpAdapter());

  it("shows its panel under the title, opens the tab the address names and keeps the open one there", async () => {
    render("/stuIndex/userinfo?tab=nickname");
    expect(await screen.findByText("个人信息")).toBeTruthy();
    expect(await screen.findByText("示例学校")).toBeTruthy();
    await screen.findByPlaceholderText("请输入昵称");
    fireEvent.click(screen.getByRole("tab", { name: "修改手机号" }));
    await waitFor(() => expect(where()).toBe("/stuIndex/userinfo?tab=phone"));
    expect(await screen.findByPlaceholderText("请输入手机号")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "修改密码" }));
    await waitFor(() => expect(where()).toBe("/stuIndex/userinfo"));
    expect(await screen.findByPlaceholderText("请输入旧密码")).toBeTruthy();
  });

  it("starts the nickname from the person's, says 修改成功 and asks for the person again, whose new name the panel shows", async () => {
    const server = render("/stuIndex/userinfo?tab=nickname");
    await screen.findByText("示例学校");
    const asked = server.calls("GET /api/v1/user-info").length;
    await rename("大明");
    await waitFor(() => expect(toast()).toContain("修改成功"));
    expect(server.calls("POST /api/v1/user/nickname")[0].body).toEqual({ nickname: "大明" });
    await waitFor(() => expect(server.calls("GET /api/v1/user-info").length).toBeGreaterThan(asked));
    await waitFor(() => expect(document.querySelector(".ant-descriptions")?.textContent).toContain("大明"));
  });

  it("reads a refusal with a code as 修改失败 #code and the server's words under the field it names", async () => {
    render("/stuIndex/userinfo?tab=nickname", fail(7, "昵称已被使用", { field: "nickname" }));
    await rename("大明");
    await waitFor(() => expect(toast()).toContain("修改失败 #7"));
    await waitFor(() => expect(errors("portal-nickname")).toEqual(["昵称已被使用"]));
  });

  it("reads an answer with no code as 修改失败：and what went wrong", async () => {
    render("/stuIndex/userinfo?tab=nickname", new HttpReply(500, "Internal Server Error"));
    await rename("大明");
    await waitFor(() => expect(toast()).toContain("修改失败：服务器内部错误"));
  });

  it("says 网络异常 when no answer comes", async () => {
    render("/stuIndex/userinfo?tab=nickname", new TransportFailure("network"));
    await rename("大明");
    await waitFor(() => expect(toast()).toContain("网络异常"));
    expect(toast()).not.toContain("修改失败");
  });
});
