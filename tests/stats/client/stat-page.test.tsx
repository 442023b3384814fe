import { fireEvent, screen, waitFor } from "@testing-library/react";
import { StrictMode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dashboardModules, MAX_CHART_POINTS, statsApi, type DashboardModule } from "../../../resources/stats/stats";
import { setHttpAdapter } from "../../../providers/http";
import { ConsoleRefine } from "../../../src/app/console-app";
import { StatPage } from "../../../src/features/stats/stat-page";
import type { ChartKey } from "../../../src/features/stats/chart-specs";
import { denseConcurrency } from "../../../stories/stats/stats-fixtures";
import { fail, ok } from "../../kernel/client/support/fake-server";
import { renderAt } from "../../kernel/client/support/render";
import { drawn } from "./echart-mock";
import { key, statsServer } from "./stats-server";

vi.mock("../../../src/lib/echarts/echart", () => import("./echart-mock"));

const now = new Date(2026, 2, 15, 10, 30).getTime();
const moduleOf = (chart: ChartKey): DashboardModule => dashboardModules.find((module) => module.calls[0] === chart)!;

function renderStat(chart: ChartKey) {
  const module = moduleOf(chart);
  return renderAt(
    module.more!,
    <StrictMode>
      <ConsoleRefine>
        <StatPage module={module} chart={chart} />
      </ConsoleRefine>
    </StrictMode>,
  );
}

/** Types a range into the picker's two inputs, as a person would with the keyboard. */
function typeRange(first: string, last: string) {
  const [start, end] = screen.getAllByRole("textbox") as HTMLInputElement[];
  fireEvent.mouseDown(start);
  fireEvent.focus(start);
  fireEvent.change(start, { target: { value: first } });
  fireEvent.keyDown(start, { key: "Enter", code: "Enter", keyCode: 13 });
  fireEvent.focus(end);
  fireEvent.change(end, { target: { value: last } });
  fireEvent.keyDown(end, { key: "Enter", code: "Enter", keyCode: 13 });
}

const pickerValues = () => (screen.getAllByRole("textbox") as HTMLInputElement[]).map((input) => input.value);

const chart = (chartKey: ChartKey) => drawn.get(`${moduleOf(chartKey).title}图表`);

describe("the statistics pages", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
    drawn.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    setHttpAdapter();
  });

  it("open on the last 30 days and draw a line of people, requesting once", async () => {
    const server = statsServer(now);
    renderStat("liveOnline");
    await waitFor(() => expect(chart("liveOnline")).toBeDefined());
    expect(server.seen).toHaveLength(1);
    expect(server.calls(key(statsApi.liveOnline))[0].params).toEqual({ begindate: "2026-02-13 00:00:00", enddate: "2026-03-15 23:59:59" });
    const option = chart("liveOnline")!;
    // The line, and its dashed stretch to today (under way).
    expect(option.series).toMatchObject([{ type: "line", name: "直播并发" }, { type: "line", name: "直播并发" }]);
    expect(option.yAxis).toMatchObject({ name: "人" });
    expect(screen.getByText("单位：人")).toBeTruthy();
  });

  it("mark today's partial day at the end of a 30-day chart, not draw it like a day of no use", async () => {
    statsServer(now);
    renderStat("liveOnline");
    await waitFor(() => expect(chart("liveOnline")).toBeDefined());
    const option = chart("liveOnline")!;
    const [solid, dashed] = option.series as { data: unknown[] }[];
    const last = solid.data.length - 1;
    expect((option.xAxis as { data: string[] }).data[last]).toBe("2026-03-15");
    expect(solid.data[last]).toBeNull();
    expect(dashed).toMatchObject({ lineStyle: { type: "dashed" }, endLabel: { formatter: "进行中" } });
    expect(dashed.data[last]).toMatchObject({ symbol: "emptyCircle" });
    const tip = (dataIndex: number) => (option.tooltip as { formatter: (p: unknown) => string }).formatter([{ seriesName: "直播并发", value: 12, dataIndex }]);
    expect(tip(last)).toContain("12人（截至10:30）");
    expect(tip(last - 1)).not.toContain("截至");
  });

  it("draw storage as bars in GB and storage by kind as stacked bars", async () => {
    statsServer(now, { [key(statsApi.storageV2)]: ok([{ date: "2026-03-15", size: 3 * 1024 ** 3, vod: 2 * 1024 ** 3, doc: 536_870_912, cloud: 536_870_912 }]) });
    renderStat("storageV2");
    await waitFor(() => expect(chart("storageV2")).toBeDefined());
    // The day is today, so each part is marked as under way.
    expect(chart("storageV2")!.series).toMatchObject([
      { type: "bar", name: "音视频", data: [{ value: 2 }], stack: "total" },
      { type: "bar", name: "课件文档", data: [{ value: 0.5 }], stack: "total" },
      { type: "bar", name: "云盘文件", data: [{ value: 0.5 }], stack: "total" },
    ]);
    expect(chart("storageV2")!.legend).toMatchObject({ data: ["音视频", "课件文档", "云盘文件"] });
  });

  it("refuse a range over 31 days with 最多请求31天数据 and send nothing", async () => {
    const server = statsServer(now);
    renderStat("vodBandwidth");
    await waitFor(() => expect(chart("vodBandwidth")).toBeDefined());
    typeRange("2026-01-01", "2026-02-09");
    expect(await screen.findByText("最多请求31天数据")).toBeTruthy();
    expect(server.seen).toHaveLength(1);
  });

  it("return the picker to the range the chart shows after refusing one", async () => {
    const server = statsServer(now);
    renderStat("liveOnline");
    await waitFor(() => expect(chart("liveOnline")).toBeDefined());
    typeRange("2025-12-20", "2026-03-09");
    expect(await screen.findByText("最多请求31天数据")).toBeTruthy();
    await waitFor(() => expect(pickerValues()).toEqual(["2026-02-13", "2026-03-15"]));
    expect(server.seen).toHaveLength(1);
  });

  it("request a range of up to 31 days as whole days", async () => {
    const server = statsServer(now);
    renderStat("replayOnline");
    await waitFor(() => expect(chart("replayOnline")).toBeDefined());
    typeRange("2026-01-01", "2026-01-31");
    await waitFor(() => expect(server.calls(key(statsApi.replayOnline))).toHaveLength(2));
    expect(server.calls(key(statsApi.replayOnline))[1].params).toEqual({ begindate: "2026-01-01 00:00:00", enddate: "2026-01-31 23:59:59" });
  });

  it("reduce more points than a chart may draw to about 1000, keeping the peak", async () => {
    const points = denseConcurrency(new Date(2026, 2, 14).getTime(), 2880, 2001);
    statsServer(now, { [key(statsApi.liveOnline)]: ok(points) });
    renderStat("liveOnline");
    await waitFor(() => expect(chart("liveOnline")).toBeDefined());
    const series = (chart("liveOnline")!.series as { data: number[] }[])[0].data;
    expect(series.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
    expect(series.length).toBeGreaterThan(MAX_CHART_POINTS * 0.9);
    expect(Math.max(...series)).toBe(999);
  });

  it("show an empty state when the range has no data", async () => {
    statsServer(now, { [key(statsApi.storage)]: ok([]) });
    renderStat("storage");
    expect(await screen.findByText("所选日期暂无数据")).toBeTruthy();
    expect(chart("storage")).toBeUndefined();
  });

  it("show the server's words when it refuses", async () => {
    statsServer(now, { [key(statsApi.vodBandwidth)]: fail(400, "查询日期格式应为YYYY-MM-DD HH:mm:ss") });
    renderStat("vodBandwidth");
    expect(await screen.findByText("查询日期格式应为YYYY-MM-DD HH:mm:ss")).toBeTruthy();
  });
});
