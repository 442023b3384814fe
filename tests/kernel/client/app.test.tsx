import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { pageLocation } from "../../../providers/location";
import { App } from "../../../src/app/app";
import { blockContextMenu } from "../../../src/app/page-behaviour";
import { documentTitle, routeTitle, routeTitles } from "../../../src/app/route-titles";
import teacher from "../../../resources/users/teacher";
import { familyAnswers, userRows } from "../../../stories/engine/engine-answers";
import { mockAdapter } from "../../../stories/mock-api";
import { signedInAdmin } from "../../../stories/support/answers";
import { fail, fakeServer } from "./support/fake-server";

describe("app entry", () => {
  beforeEach(() => vi.spyOn(pageLocation, "assign").mockImplementation(() => undefined));
  afterEach(() => {
    vi.restoreAllMocks();
    setHttpAdapter();
  });

  it("loads public pages lazily and titles the document on every navigation", async () => {
    fakeServer({ "GET /cms/trylogin": fail(401, "未登录") });
    window.history.pushState({}, "", "/forget-password");
    render(<App />);
    expect(await screen.findByText("找回密码")).toBeTruthy();
    expect(document.title).toBe("找回密码 - Lectern");
    fireEvent.click(screen.getByRole("link", { name: "关闭" }));
    expect(await screen.findByRole("tab", { name: "账号密码登录" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("登录 - Lectern"));
    expect(window.location.pathname).toBe("/login");
  });

  it("opens a generated list at its address as the entry mounts it: the early shell, then the console with its rows", async () => {
    setHttpAdapter(mockAdapter([...signedInAdmin(), ...familyAnswers(teacher, userRows(teacher, 12))], { delayMs: 0 }));
    window.history.pushState({}, "", "/teacherop");
    render(<App />);
    await waitFor(() => expect(document.querySelectorAll(".ant-table-tbody tr.ant-table-row")).toHaveLength(10));
    expect(screen.getByText("共 12 条")).toBeTruthy();
    expect(await screen.findByText("老师管理", { selector: ".ant-menu-item *" })).toBeTruthy();
  });

  it("has a Chinese title for every route it serves, and none for unknown ones", () => {
    for (const [path, title] of Object.entries(routeTitles)) {
      expect(path.startsWith("/")).toBe(true);
      expect(title).toMatch(/[\u4e00-\u9fa5]|AppId|AI/);
    }
    expect(routeTitle("/teacherop/")).toBe("老师管理");
    expect(documentTitle("/teaIndex/userinfo")).toBe("个人信息 - Lectern");
    expect(documentTitle("/nowhere")).toBe("页面不存在 - Lectern");
  });

  it("blocks the browser's context menu", () => {
    const undo = blockContextMenu();
    const event = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    undo();
  });
});
