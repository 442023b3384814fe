import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { homeOf } from "../../../resources/auth/auth";
import { routeMenuKeys } from "../../../resources/kernel/route-access";
import { routeTitles } from "../../../src/app/route-titles";
import { userManagementMenu } from "../../../stories/support/fixtures";
import { fakeServer, ok } from "./support/fake-server";
import { me, renderConsole, session } from "./support/console";
import { isolateSession } from "./support/isolate";

const notAdminShell = [/^\/(login|register|forget-password|identity|payresult)$/, /LiveRoom$/, /^\/playbackRoom$/, ...Object.values(homeOf).map((home) => new RegExp(`^${home}(/|$)`))];
const adminRoutes = Object.keys(routeTitles).filter((route) => !notAdminShell.some((pattern) => pattern.test(route)));

/** The demo sub-admin 13800000004: the 用户管理 menus only. */
function subAdminServer() {
  return fakeServer({
    "GET /cms/trylogin": session("admin"),
    "GET /cms/loginrouter": ok(userManagementMenu),
    "GET /cms/enterprisename": ok("示例学校"),
    "GET /cms/account/balance": ok({ balance: 0 }),
    "GET /api/v1/user-info": ok(me),
    "GET /cms/stat/groupliveonline": ok([]),
  });
}

const refused = () => screen.findByText("无权访问");

describe("routes outside a sub-admin's grant", () => {
  isolateSession();

  it("names the menu keys of every admin route, or says every admin may open it", () => {
    expect(adminRoutes.length).toBeGreaterThan(70);
    expect(adminRoutes.filter((route) => routeMenuKeys(route) === undefined)).toEqual([]);
    expect(routeMenuKeys("/storeStat")).toEqual(["accountOverview"]);
    expect(routeMenuKeys("/liveConcurrencyStat")).toBeNull();
    expect(routeMenuKeys("/teacherInfo")).toEqual(["teacherop"]);
  });

  it("shows 无权访问 on a statistics page of the account, and never asks for its figures", async () => {
    const server = subAdminServer();
    renderConsole("/storeStat");
    expect(await refused()).toBeTruthy();
    expect(screen.queryByText("查询失败")).toBeNull();
    expect(server.calls("GET /cms/stat/grouposs")).toHaveLength(0);
  });

  it("shows 无权访问 on a screen not built yet, not its empty state", async () => {
    subAdminServer();
    renderConsole("/liveStat");
    expect(await refused()).toBeTruthy();
    expect(screen.queryByText("本页面尚无可显示的内容")).toBeNull();
  });

  it("shows 无权访问 on a page reached from another menu's rows, whatever its address lacks", async () => {
    subAdminServer();
    renderConsole("/liveCourse");
    expect(await refused()).toBeTruthy();
    expect(screen.queryByText("未指定课程")).toBeNull();
  });

  it("opens the granted pages and the ones every admin may open", async () => {
    subAdminServer();
    renderConsole("/liveConcurrencyStat");
    expect(await screen.findByText("直播并发")).toBeTruthy();
    expect(screen.queryByText("无权访问")).toBeNull();
  });
});
