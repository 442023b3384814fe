import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authApi } from "../../../resources/auth/auth";
import { DEFAULT_MODULES, dashboardModules, statsApi } from "../../../resources/stats/stats";
import { setHttpAdapter } from "../../../providers/http";
import { sessionStore } from "../../../providers/session-store";
import { ConsoleRefine } from "../../../src/app/console-app";
import { DashboardPage } from "../../../src/features/stats/dashboard/dashboard-page";
import { userManagementMenu } from "../../../stories/support/fixtures";
import { fail, HttpReply, ok } from "../../kernel/client/support/fake-server";
import { renderAt } from "../../kernel/client/support/render";
import { drawn } from "./echart-mock";
import { key, statsServer } from "./stats-server";

vi.mock("../../../src/lib/echarts/echart", () => import("./echart-mock"));

// 2026-03-15 10:30 local: 29 days back is 2026-02-14 (February 2026 has 28 days).
const now = new Date(2026, 2, 15, 10, 30).getTime();

const cards = () => [...document.querySelectorAll<HTMLElement>("[data-module]")];
const shownModules = () => cards().map((card) => Number(card.dataset.module));
const card = (id: number) => document.querySelector<HTMLElement>(`[data-module="${id}"]`)!;
const settled = () => waitFor(() => expect(document.querySelector(".ant-skeleton")).toBeNull());

function renderDashboard() {
  return renderAt(
    "/",
    <StrictMode>
      <ConsoleRefine>
        <DashboardPage />
      </ConsoleRefine>
    </StrictMode>,
  );
}

describe("the admin home dashboard", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    sessionStore.reload();
    sessionStore.set({ curBalance: 12345.678 });
    drawn.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    setHttpAdapter();
  });

  it("shows the saved modules in their saved order", async () => {
    statsServer(now, { [key(statsApi.boardConfig)]: ok([9, 1, 12]) });
    renderDashboard();
    await waitFor(() => expect(shownModules()).toEqual([9, 1, 12]));
  });

  it("falls back to modules 1 to 9 when the module list cannot be loaded", async () => {
    statsServer(now, { [key(statsApi.boardConfig)]: fail(500, "配置读取失败") });
    renderDashboard();
    await waitFor(() => expect(shownModules()).toEqual([...DEFAULT_MODULES]));
  });

  it("falls back to modules 1 to 9 when the module list call fails outright", async () => {
    statsServer(now, { [key(statsApi.boardConfig)]: new HttpReply(502) });
    renderDashboard();
    await waitFor(() => expect(shownModules()).toEqual([...DEFAULT_MODULES]));
  });

  it("requests every endpoint once, with the last 29 days through today", async () => {
    const server = statsServer(now);
    renderDashboard();
    await waitFor(() => expect(cards()).toHaveLength(13));
    await settled();
    const made = server.seen.map((request) => `${request.method} ${request.path}`);
    expect([...made].sort()).toEqual([...new Set(made)].sort());
    // Thirteen modules, twelve calls, the list and the menu: the balance is the shell's (read from the session).
    expect(made).toHaveLength(14);
    expect(made).not.toContain("GET /cms/account/balance");

    const range = { begindate: "2026-02-14 00:00:00", enddate: "2026-03-15 23:59:59" };
    for (const endpoint of [statsApi.uvpv, statsApi.liveOnline, statsApi.replayOnline, statsApi.storage, statsApi.storageV2, statsApi.vodBandwidth, statsApi.vodFlow])
      expect(server.calls(key(endpoint))[0].params).toEqual(range);
    expect(server.calls(key(statsApi.consume))[0].params).toEqual({ ...range, type: "all", page: 1, count: 1000 });
    for (const endpoint of [statsApi.courseLive, statsApi.todayLive, statsApi.users, statsApi.todayConsume])
      expect(server.calls(key(endpoint))[0].params).toBeUndefined();
    // 29 days and the whole of today: about 2,505,600,000 ms back.
    expect(new Date(2026, 2, 15, 23, 59, 59).getTime() - new Date(2026, 1, 14).getTime()).toBe(2_505_600_000 + 86_399_000);
  });

  it("shows the figures of each card", async () => {
    statsServer(now);
    renderDashboard();
    await waitFor(() => expect(cards()).toHaveLength(13));
    await settled();
    expect(card(1).textContent).toContain("直播课程19门");
    expect(card(2).textContent).toContain("今日直播5场");
    expect(card(3).textContent).toContain("¥12,345.68");
    expect(within(card(3)).getByRole("link").getAttribute("href")).toBe("/recharge");
    expect(card(4).textContent).toContain("学生321人");
    expect(card(5).textContent).toContain("直播访客 UV6,069人");
    expect(card(6).textContent).toContain("合计¥1.55");
    // Yesterday's records only (not the day before's), in yuan, with their usage in its unit.
    expect(card(10).textContent).toContain("2026-03-14");
    expect(card(10).textContent).toContain("合计¥177.72");
    expect(card(10).textContent).toContain("1137.63GB");
  });

  it("links each chart module to its statistics page", async () => {
    statsServer(now);
    renderDashboard();
    await waitFor(() => expect(cards()).toHaveLength(13));
    for (const module of dashboardModules)
      expect(within(card(module.id)).queryByRole("link", { name: "更多" })?.getAttribute("href") ?? null).toBe(module.more ?? null);
  });

  it("draws storage in GB with 2 decimals, bandwidth in Mbps and concurrency as daily peaks in people", async () => {
    statsServer(now, {
      [key(statsApi.storage)]: ok([
        { date: "2026-03-14", size: 1_610_612_736 },
        { date: "2026-03-15", size: 1_234_567_890 },
      ]),
      [key(statsApi.vodBandwidth)]: ok([
        { date: "2026-03-14 20:00:00", mbps: 12.3 },
        { date: "2026-03-14 21:00:00", mbps: 55.55 },
        { date: "2026-03-15 09:00:00", mbps: 7 },
      ]),
      [key(statsApi.liveOnline)]: ok([
        { date: "2026-03-14 09:00:00", usernum: 12 },
        { date: "2026-03-14 09:01:00", usernum: 40 },
        { date: "2026-03-15 10:00:00", usernum: 8 },
      ]),
    });
    renderDashboard();
    await waitFor(() => expect(drawn.size).toBe(6));

    const storage = drawn.get("存储统计图表")!;
    // Today (2026-03-15) is under way: its point is marked, not drawn like a finished day.
    expect(storage.series).toMatchObject([{ type: "bar", data: [1.5, { value: 1.15, label: { formatter: "进行中" } }] }]);
    expect(storage.yAxis).toMatchObject({ name: "GB" });
    expect(tooltip(storage)(1.5)).toBe("1.50GB");

    const bandwidth = drawn.get("回放带宽图表")!;
    expect(bandwidth.series).toMatchObject([
      { type: "line", data: [55.55, null] },
      { type: "line", data: [{ value: 55.55 }, { value: 7 }], lineStyle: { type: "dashed" }, endLabel: { formatter: "进行中" } },
    ]);
    expect(bandwidth.yAxis).toMatchObject({ name: "Mbps" });
    expect(tip(bandwidth, 0, 55.55)).toBe("55.55Mbps");

    const live = drawn.get("直播并发图表")!;
    expect(live.xAxis).toMatchObject({ data: ["2026-03-14", "2026-03-15"] });
    expect(live.series).toMatchObject([{ type: "line", data: [40, null] }, { data: [{ value: 40 }, { value: 8 }] }]);
    expect(live.yAxis).toMatchObject({ name: "人" });
    expect(tip(live, 0, 40)).toBe("40人");
    expect(tip(live, 1, 8)).toBe("8人（截至10:30）");
  });

  it("shows an empty state for a chart without points and for a card of zeros", async () => {
    statsServer(now, {
      [key(statsApi.replayOnline)]: ok([]),
      [key(statsApi.todayLive)]: ok({ total: 0, used: 0, big: 0, samll: 0, ass: 0 }),
      [key(statsApi.vodFlow)]: ok(null),
    });
    renderDashboard();
    await waitFor(() => expect(cards()).toHaveLength(13));
    await settled();
    expect(card(8).textContent).toContain("近30天暂无数据");
    expect(card(12).textContent).toContain("近30天暂无数据");
    expect(card(2).textContent).toContain("今日暂无直播");
    expect(drawn.has("回放并发图表")).toBe(false);
  });

  it("shows the server's words in a module whose call is refused, and the others still load", async () => {
    statsServer(now, { [key(statsApi.users)]: fail(403, "没有权限查看用户统计") });
    renderDashboard();
    await waitFor(() => expect(card(4)?.textContent).toContain("没有权限查看用户统计"));
    await settled();
    expect(card(1).textContent).toContain("直播课程19门");
  });

  it("saves the chosen modules and shows them, calling a new module's endpoint once", async () => {
    const server = statsServer(now, { [key(statsApi.boardConfig)]: ok([1, 2, 3]) });
    renderDashboard();
    await waitFor(() => expect(shownModules()).toEqual([1, 2, 3]));
    fireEvent.click(screen.getByRole("button", { name: /模块设置/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByLabelText("今日直播"));
    fireEvent.click(within(dialog).getByLabelText("直播并发"));
    fireEvent.click(within(dialog).getByRole("button", { name: /保\s?存/ }));
    await waitFor(() => expect(server.calls(key(statsApi.saveBoardConfig))).toHaveLength(1));
    expect(server.calls(key(statsApi.saveBoardConfig))[0].body).toEqual({ modules: [1, 3, 7] });
    await waitFor(() => expect(shownModules()).toEqual([1, 3, 7]));
    expect(await screen.findByText("保存成功")).toBeTruthy();
    await waitFor(() => expect(drawn.has("直播并发图表")).toBe(true));
    expect(server.calls(key(statsApi.liveOnline))).toHaveLength(1);
    expect(server.calls(key(statsApi.courseLive))).toHaveLength(1);
  });

  it("keeps the dialog open with the server's words when saving is refused, and never saves an empty list", async () => {
    const server = statsServer(now, {
      [key(statsApi.boardConfig)]: ok([1]),
      [key(statsApi.saveBoardConfig)]: fail(400, "首页模块编号应为1-13"),
    });
    renderDashboard();
    await waitFor(() => expect(shownModules()).toEqual([1]));
    fireEvent.click(screen.getByRole("button", { name: /模块设置/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByLabelText("课程概况"));
    expect(within(dialog).getByText("请至少选择一个首页模块")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: /保\s?存/ }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(within(dialog).getByLabelText("用户信息"));
    fireEvent.click(within(dialog).getByRole("button", { name: /保\s?存/ }));
    expect(await screen.findByText("首页模块编号应为1-13")).toBeTruthy();
    expect(server.calls(key(statsApi.saveBoardConfig))[0].body).toEqual({ modules: [4] });
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(shownModules()).toEqual([1]);
  });
});

describe("the dashboard of a sub-admin without the account's menus", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    sessionStore.reload();
    sessionStore.set({ curBalance: 12345.678 });
  });
  afterEach(() => {
    vi.useRealTimers();
    setHttpAdapter();
  });

  // Balance, 去充值, today's and yesterday's consumption, storage and traffic need 账户概览 or 消费记录.
  const accountModules = [3, 6, 9, 10, 12, 13];
  const accountCalls = [statsApi.todayConsume, statsApi.consume, statsApi.storage, statsApi.storageV2, statsApi.vodFlow];

  it("shows only the modules its menu keys allow, and makes none of the others' calls", async () => {
    const server = statsServer(now, { [key(authApi.menu)]: ok(userManagementMenu) });
    renderDashboard();
    await waitFor(() => expect(shownModules()).toEqual([1, 2, 4, 5, 7, 8, 11]));
    await settled();
    expect(screen.queryByText("去充值")).toBeNull();
    expect(document.body.textContent).not.toContain("¥12,345.68");
    for (const endpoint of accountCalls) expect(server.calls(key(endpoint)), endpoint.path).toHaveLength(0);
  });

  it("offers only those modules in the settings, and saves its choice among them", async () => {
    const server = statsServer(now, { [key(authApi.menu)]: ok(userManagementMenu), [key(statsApi.boardConfig)]: ok([3, 1, 6]) });
    renderDashboard();
    await waitFor(() => expect(shownModules()).toEqual([1]));
    fireEvent.click(screen.getByRole("button", { name: /模块设置/ }));
    const dialog = await screen.findByRole("dialog");
    const offered = [...dialog.querySelectorAll(".ant-checkbox-wrapper")].map((option) => option.textContent);
    expect(offered).toEqual(["课程概况", "今日直播", "用户信息", "用户统计", "直播并发", "回放并发", "回放带宽"]);
    fireEvent.click(within(dialog).getByLabelText("直播并发"));
    fireEvent.click(within(dialog).getByRole("button", { name: /保\s?存/ }));
    await waitFor(() => expect(server.calls(key(statsApi.saveBoardConfig))).toHaveLength(1));
    expect(server.calls(key(statsApi.saveBoardConfig))[0].body).toEqual({ modules: [1, 7] });
    await waitFor(() => expect(shownModules()).toEqual([1, 7]));
  });

  it("shows no account module when the menu cannot be read", async () => {
    statsServer(now, { [key(authApi.menu)]: fail(500, "菜单读取失败") });
    renderDashboard();
    await waitFor(() => expect(shownModules()).toEqual(dashboardModules.map((m) => m.id).filter((id) => !accountModules.includes(id))));
  });
});

type ValueFormatter = (value: number, dataIndex?: number) => string;
const tooltip = (option: { tooltip?: unknown }) => (option.tooltip as { valueFormatter: ValueFormatter }).valueFormatter;
/** The value a line chart with a day under way shows in its tooltip (its own formatter, one row a series). */
const tip = (option: { tooltip?: unknown }, dataIndex: number, value: number) =>
  (option.tooltip as { formatter: (params: unknown) => string }).formatter([{ seriesName: "", value, dataIndex }]).split("<b>")[1].replace("</b>", "");
