import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { authApi } from "../../../resources/auth/auth";
import { statsApi } from "../../../resources/stats/stats";
import { userManagementMenu } from "../../../stories/support/fixtures";
import { me, renderConsole, session } from "../../kernel/client/support/console";
import { ok } from "../../kernel/client/support/fake-server";
import { drawn } from "./echart-mock";
import { key, statsServer } from "./stats-server";
import { isolateSession } from "../../kernel/client/support/isolate";

vi.mock("../../../src/lib/echarts/echart", () => import("./echart-mock"));

describe("the home inside the admin console", () => {
  isolateSession();
  beforeEach(() => {
    drawn.clear();
  });

  it("renders the dashboard at / and makes none of its calls twice, the shell's balance included", async () => {
    const server = statsServer(Date.now(), {
      [key(authApi.tryLogin)]: session("admin"),
      [key(authApi.enterpriseName)]: ok("示例学校"),
      [key(authApi.userInfo)]: ok(me),
    });
    renderConsole("/");
    await waitFor(() => expect(document.querySelectorAll("[data-module]")).toHaveLength(13));
    await waitFor(() => expect(document.querySelector("[data-module] .ant-skeleton")).toBeNull());
    expect(document.querySelector('[data-module="3"]')!.textContent).toContain("¥12,345.68");
    expect(screen.getByRole("link", { name: "余额：¥12,345.68" })).toBeTruthy();
    await waitFor(() => expect(drawn.size).toBe(6));

    const counts = new Map<string, number>();
    for (const request of server.seen) counts.set(`${request.method} ${request.path}`, (counts.get(`${request.method} ${request.path}`) ?? 0) + 1);
    const dashboardCalls = [...counts].filter(([call]) => call.startsWith("GET /stat/") || call.startsWith("GET /cms/stat/") || call === "GET /cms/groupboardconfig");
    expect(dashboardCalls).toHaveLength(13);
    expect(dashboardCalls.every(([, n]) => n === 1)).toBe(true);
    expect(counts.get(key(authApi.balance))).toBe(1);
  });

  it("shows a sub-admin with only the user menus no balance module, no 去充值 and no account figures", async () => {
    const server = statsServer(Date.now(), {
      [key(authApi.tryLogin)]: session("admin"),
      [key(authApi.menu)]: ok(userManagementMenu),
      [key(authApi.enterpriseName)]: ok("示例学校"),
      [key(authApi.userInfo)]: ok(me),
    });
    renderConsole("/");
    await waitFor(() => expect(document.querySelectorAll("[data-module]")).toHaveLength(7));
    expect(document.querySelector('[data-module="3"]')).toBeNull();
    expect(screen.queryByText("去充值")).toBeNull();
    const paths = server.seen.map((request) => request.path);
    for (const endpoint of [statsApi.todayConsume, statsApi.consume, statsApi.storage, statsApi.storageV2, statsApi.vodFlow]) expect(paths).not.toContain(endpoint.path);
  });
});
