import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import student from "../../../resources/users/student";
import teacher from "../../../resources/users/teacher";
import { setHttpAdapter } from "../../../providers/http";
import { familyAnswers, userRows } from "../../../stories/engine/engine-answers";
import { mockAdapter, type MockCall, type MockRoutes } from "../../../stories/mock-api";
import { signedInAdmin } from "../../../stories/support/answers";
import { studentAnswers, teacherAnswers } from "../../../stories/users/user-stats-answers";
import { fail, fakeServer, ok, type Handler } from "./support/fake-server";
import { adminMenu, me, renderConsole, session } from "./support/console";
import { isolateSession } from "./support/isolate";

// The shell's idle fetch of the generated list's code, watched (the lists themselves load it as before).
const preload = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock("../../../src/engine/pages", async (importOriginal) => ({ ...(await importOriginal<typeof import("../../../src/engine/pages")>()), preloadListScreen: preload }));

function adminServer(overrides: Record<string, Handler | unknown> = {}) {
  return fakeServer({
    "GET /cms/trylogin": session("admin"),
    "GET /cms/loginrouter": ok(adminMenu),
    "GET /cms/enterprisename": ok("示例学校"),
    "GET /cms/account/balance": ok({ balance: 12345.678 }),
    "GET /api/v1/user-info": ok(me),
    "POST /cms/logout": ok(),
    ...overrides,
  });
}

const backButton = () => screen.queryByRole("button", { name: /返\s?回/ });

describe("admin shell", () => {
  isolateSession();
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the organisation name, the server's grouped menu, the balance and the dashboard home", async () => {
    adminServer();
    renderConsole("/");
    const title = await screen.findByRole("link", { name: "示例学校" });
    expect(title.style.fontSize).toBe("18px");
    expect(await screen.findByText("用户管理")).toBeTruthy();
    expect(screen.getByText("我的账户")).toBeTruthy();
    const balance = await screen.findByRole("link", { name: "余额：¥12,345.68" });
    expect(balance.getAttribute("href")).toBe("/recharge");
    expect(await screen.findByRole("button", { name: /模块设置/ })).toBeTruthy();
    expect(backButton()).toBeNull();
  });

  it("fetches the generated list's code once its menu is shown and the browser is idle", async () => {
    preload.mockClear();
    adminServer();
    renderConsole("/");
    expect(await screen.findByText("用户管理")).toBeTruthy();
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
  });

  it("renders a menu page without a return button, and a page reached from within with one", async () => {
    adminServer();
    renderConsole("/teacherop");
    // /teacherop is the engine's generated list (src/engine/pages.ts), drawn in the shell's content area.
    await waitFor(() => expect(document.querySelector(".ant-card-head-title")?.textContent).toBe("老师管理"));
    await screen.findByText("用户管理");
    expect(screen.getAllByText("老师管理").length).toBeGreaterThan(0);
    expect(backButton()).toBeNull();
  });

  it("shows a generated list's rows inside the console, opened by its address and from the menu", async () => {
    setHttpAdapter(mockAdapter([...signedInAdmin(), ...familyAnswers(teacher, userRows(teacher, 12)), ...familyAnswers(student, userRows(student, 3))], { delayMs: 0 }));
    renderConsole("/teacherop");
    const rows = () => document.querySelectorAll(".ant-table-tbody tr.ant-table-row").length;
    await waitFor(() => expect(rows()).toBe(10));
    expect(screen.getByText("共 12 条")).toBeTruthy();
    fireEvent.click(await screen.findByText("学生管理"));
    await waitFor(() => expect(rows()).toBe(3));
  });

  it("offers the return button off the menu", async () => {
    adminServer();
    renderConsole("/teacherInfo");
    await screen.findByText("用户管理");
    expect(backButton()).toBeTruthy();
    expect(screen.getAllByText("老师详情").length).toBeGreaterThan(0);
  });

  it("keeps 返回 off a sidebar page while the menu is still on its way", async () => {
    let sendMenu = () => {};
    const menuSent = new Promise<void>((resolve) => (sendMenu = resolve));
    adminServer({ "GET /cms/loginrouter": async () => (await menuSent, ok(adminMenu)) });
    renderConsole("/teacherop");
    await screen.findByRole("status", { name: "菜单加载中" });
    await screen.findByRole("link", { name: "余额：¥12,345.68" });
    expect(backButton()).toBeNull();
    sendMenu();
    await screen.findByText("用户管理");
    expect(backButton()).toBeNull();
  });

  it("offers 返回 off the menu before the menu is in", async () => {
    adminServer({ "GET /cms/loginrouter": () => new Promise(() => {}) });
    renderConsole("/teacherInfo");
    await screen.findByRole("status", { name: "菜单加载中" });
    expect(await screen.findByRole("button", { name: /返\s?回/ })).toBeTruthy();
  });

  describe("返回 from a detail page", () => {
    // The stories' own answers: a signed-in main admin, 45 teachers and students, their details.
    const listServer = () => {
      const calls: MockCall[] = [];
      const routes: MockRoutes = [
        ...signedInAdmin(),
        ...familyAnswers(student, userRows(student, 45)),
        ...familyAnswers(teacher, userRows(teacher, 45)),
        ...studentAnswers(),
        ...teacherAnswers(),
      ];
      setHttpAdapter(mockAdapter(routes, { delayMs: 0, onCall: (call) => calls.push(call) }));
      return { lists: (path: string) => calls.filter((call) => call.method === "GET" && call.path === path) };
    };
    const activePage = () => document.querySelector(".ant-pagination-item-active")?.textContent;
    const firstRowShow = async () => {
      await waitFor(() => expect(document.querySelectorAll(".ant-table-tbody tr.ant-table-row").length).toBeGreaterThan(0));
      const row = document.querySelector<HTMLElement>(".ant-table-tbody tr.ant-table-row")!;
      fireEvent.click(within(row).getByRole("button", { name: /查\s?看/ }));
    };

    it("lands on the student list's page and page size the person left (the page's own 返回)", async () => {
      const server = listServer();
      renderConsole("/studentop?page=3&pageSize=20");
      await waitFor(() => expect(activePage()).toBe("3"));
      await firstRowShow();
      // The page's own 返回 (1 §2.4), beside the header's.
      const own = await waitFor(() => {
        const found = screen.getAllByRole("button", { name: /返\s?回/ }).find((candidate) => !candidate.closest(".ant-layout-header"));
        expect(found).toBeDefined();
        return found!;
      });
      fireEvent.click(own);
      await waitFor(() => expect(activePage()).toBe("3"));
      expect(server.lists("/cms/student").at(-1)!.query).toMatchObject({ page: 3, count: 20 });
    });

    it("lands on the teacher list's page through the header's 返回", async () => {
      const server = listServer();
      renderConsole("/teacherop?page=2");
      await waitFor(() => expect(activePage()).toBe("2"));
      await firstRowShow();
      await screen.findAllByText("老师详情");
      fireEvent.click(within(document.querySelector<HTMLElement>(".ant-layout-header")!).getByRole("button", { name: /返\s?回/ }));
      await waitFor(() => expect(activePage()).toBe("2"));
      expect(server.lists("/cms/teacher").at(-1)!.query).toMatchObject({ page: 2, count: 10 });
    });
  });

  it("navigates from the menu and back to / from the organisation name", async () => {
    adminServer();
    renderConsole("/teacherInfo");
    fireEvent.click(await screen.findByText("用户管理"));
    fireEvent.click(await screen.findByText("学生管理"));
    await waitFor(() => expect(document.querySelector(".ant-card-head-title")?.textContent).toBe("学生管理"));
    fireEvent.click(screen.getByRole("link", { name: "示例学校" }));
    await waitFor(() => expect(document.querySelector("[data-module]")).not.toBeNull());
  });

  it("shrinks a long organisation name", async () => {
    adminServer({ "GET /cms/enterprisename": ok("北京市海淀区示例实验学校") });
    renderConsole("/");
    expect((await screen.findByRole("link", { name: "北京市海淀区示例实验学校" })).style.fontSize).toBe("12px");
  });

  it("refreshes the balance every 40 seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let balance = 10;
    const server = adminServer({ "GET /cms/account/balance": () => ok({ balance: balance++ }) });
    renderConsole("/");
    expect(await screen.findByRole("link", { name: "余额：¥10.00" })).toBeTruthy();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(await screen.findByRole("link", { name: "余额：¥11.00" })).toBeTruthy();
    expect(server.calls("GET /cms/account/balance")).toHaveLength(2);
  });

  it("sends another identity type to its own home", async () => {
    adminServer({ "GET /cms/trylogin": session("student") });
    renderConsole("/teacherop");
    expect(await screen.findByRole("menuitem", { name: "我的课程" })).toBeTruthy();
    expect(screen.queryByText("用户管理")).toBeNull();
  });

  it("goes to /login without a session", async () => {
    window.history.pushState({}, "", "/login");
    adminServer({ "GET /cms/trylogin": fail(401, "未登录") });
    renderConsole("/teacherop");
    expect((await screen.findByTestId("landed")).textContent).toBe("/login");
  });

  it("goes to /login when the menu cannot be loaded", async () => {
    adminServer({ "GET /cms/loginrouter": fail(1, "菜单错误") });
    renderConsole("/");
    expect((await screen.findByTestId("landed")).textContent).toBe("/login");
  });

  it("answers an unknown path with a 404 and a way home", async () => {
    adminServer();
    renderConsole("/no-such-page");
    expect(await screen.findByText("页面不存在")).toBeTruthy();
    expect(screen.getByRole("link", { name: /返回首页/ }).getAttribute("href")).toBe("/");
  });

  it("signs out from the avatar menu", async () => {
    const server = adminServer();
    renderConsole("/");
    fireEvent.click(await screen.findByText("张校长"));
    await waitFor(() => expect(document.querySelector(".ant-dropdown-menu")).toBeTruthy());
    const menu = document.querySelector<HTMLElement>(".ant-dropdown-menu")!;
    expect(within(menu).getByText("首页")).toBeTruthy();
    expect(within(menu).getByText("修改密码")).toBeTruthy();
    fireEvent.click(within(menu).getByText("退出登录"));
    expect((await screen.findByTestId("landed")).textContent).toBe("/login");
    expect(server.calls("POST /cms/logout")).toHaveLength(1);
  });
});
