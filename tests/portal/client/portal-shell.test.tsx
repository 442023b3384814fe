import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer, ok } from "../../kernel/client/support/fake-server";
import { me, renderConsole, session } from "../../kernel/client/support/console";
import { teacherInfo } from "../../../stories/support/fixtures";
import { isolateSession } from "../../kernel/client/support/isolate";

const menuLabels = () => [...document.querySelectorAll(".ant-layout-sider .ant-menu-item")].map((item) => item.textContent);

describe("role shells", () => {
  isolateSession();

  it("gives a teacher both cloud disks when the server menu grants them", async () => {
    fakeServer({
      "GET /cms/trylogin": session("teacher"),
      "GET /cms/loginrouter": ok({ groups: [], keys: ["clouddiskop", "teaclouddiskop"] }),
      "GET /api/v1/user-info": ok(teacherInfo),
    });
    renderConsole("/teaIndex");
    await waitFor(() => expect(menuLabels()).toEqual(["今日课程", "我的课程", "消息", "机构云盘", "个人云盘"]));
    // The portal's root is the calendar of lives.
    expect(await screen.findByText("今天的直播")).toBeTruthy();
  });

  it("gives an assistant only the disks it holds, under its own path", async () => {
    fakeServer({
      "GET /cms/trylogin": session("assistant"),
      "GET /cms/loginrouter": ok({ groups: [], keys: ["assclouddiskop"] }),
      "GET /api/v1/user-info": ok(teacherInfo),
    });
    renderConsole("/assistantIndex/courses");
    await waitFor(() => expect(menuLabels()).toEqual(["今日课程", "我的课程", "消息", "个人云盘"]));
    fireEvent.click(screen.getByText("个人云盘"));
    await waitFor(() => expect(document.querySelector(".ant-card-head-title")?.textContent).toBe("个人云盘"));
  });

  it("gives a student the three entries without asking for the menu", async () => {
    const server = fakeServer({ "GET /cms/trylogin": session("student"), "GET /api/v1/user-info": ok(teacherInfo) });
    renderConsole("/stuIndex/message");
    await waitFor(() => expect(menuLabels()).toEqual(["今日课程", "我的课程", "消息"]));
    expect(server.calls("GET /cms/loginrouter")).toHaveLength(0);
  });

  it("shows the person's own information", async () => {
    fakeServer({ "GET /cms/trylogin": session("teacher"), "GET /cms/loginrouter": ok({ groups: [], keys: [] }), "GET /api/v1/user-info": ok(teacherInfo) });
    renderConsole("/teaIndex/userinfo");
    expect(await screen.findByText("13800000001")).toBeTruthy();
    const details = document.querySelector<HTMLElement>(".ant-descriptions")!;
    expect(within(details).getByText("王老师")).toBeTruthy();
    expect(within(details).getByText("示例学校")).toBeTruthy();
    // After a reload the header still names the organisation, from the server's user info.
    expect(document.querySelector(".ant-layout-header")!.textContent).toContain("示例学校");
  });

  it("sends an admin who opens a teacher page to the admin console", async () => {
    fakeServer({
      "GET /cms/trylogin": session("admin"),
      "GET /cms/loginrouter": ok({ groups: [{ key: "user", label: "用户管理", items: [] }] }),
      "GET /cms/enterprisename": ok("示例学校"),
      "GET /cms/account/balance": ok({ balance: 0 }),
      "GET /api/v1/user-info": ok(me),
    });
    renderConsole("/teaIndex/courses");
    expect(await screen.findByText("用户管理")).toBeTruthy();
  });

  it("sends a signed-in visitor without an identity to choose one", async () => {
    fakeServer({ "GET /cms/trylogin": session(null) });
    renderConsole("/stuIndex");
    expect((await screen.findByTestId("landed")).textContent).toBe("/identity");
  });

  it("renders a live room for any identity, in its own frame", async () => {
    fakeServer({ "GET /cms/trylogin": session("student") });
    renderConsole("/stuLiveRoom");
    // Without its live in the address the room says so (tests/rooms/client has the rest).
    expect(await screen.findByText("直播间地址不完整")).toBeTruthy();
    expect(document.querySelector(".ant-layout-sider")).toBeNull();
  });

  it("answers an unknown portal path with a 404 leading to the portal's home", async () => {
    fakeServer({ "GET /cms/trylogin": session("student"), "GET /api/v1/user-info": ok(teacherInfo) });
    renderConsole("/stuIndex/nothing");
    expect(await screen.findByText("页面不存在")).toBeTruthy();
    expect(screen.getByRole("link", { name: /返回首页/ }).getAttribute("href")).toBe("/stuIndex");
  });
});
