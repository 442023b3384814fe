import { describe, expect, it } from "vitest";
import { DEFAULT_MODULES, MAX_CHART_POINTS, STAT_RANGE, rangeProblem } from "../../../resources/stats/stats";
import { chartOption } from "../../../src/features/stats/chart-option";
import { chartSpecs, units } from "../../../src/features/stats/chart-specs";
import { moduleList } from "../../../src/features/stats/dashboard/dashboard-source";
import { dailyPeaks, downsample } from "../../../src/features/stats/downsample";
import { partialDate } from "../../../src/features/stats/partial-period";
import { dashboardRange, defaultStatRange, rangeQuery } from "../../../src/features/stats/ranges";
import { freezeClock } from "../../kernel/support/clock";

// The dates below are fixed: the tests run at one instant, whatever the day (tests/kernel/support/clock.ts).
freezeClock("2026-11-24T10:00:00+08:00");

const now = new Date(2026, 2, 15, 10, 30).getTime();

describe("chart data", () => {
  it("leaves a series of at most 1000 points alone", () => {
    const points = Array.from({ length: MAX_CHART_POINTS }, (_, i) => i);
    expect(downsample(points, (p) => p)).toEqual(points);
  });

  it("reduces a longer series to at most 1000 points, keeping each run's peak in order", () => {
    const points = Array.from({ length: 4321 }, (_, i) => ({ i, v: i === 3000 ? 500 : i % 7 }));
    const kept = downsample(points, (p) => p.v);
    expect(kept.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
    expect(kept.length).toBeGreaterThan(800);
    expect(kept.some((p) => p.v === 500)).toBe(true);
    expect(kept.map((p) => p.i)).toEqual([...kept.map((p) => p.i)].sort((a, b) => a - b));
  });

  it("takes the maximum of each day for daily concurrency", () => {
    const peaks = dailyPeaks(
      [
        { date: "2026-03-14 09:00:00", usernum: 3 },
        { date: "2026-03-14 20:00:00", usernum: 41 },
        { date: "2026-03-15 08:00:00", usernum: 7 },
        { date: "2026-03-15", usernum: 9 },
      ],
      (p) => p.usernum,
    );
    expect(peaks).toEqual([
      { date: "2026-03-14", usernum: 41 },
      { date: "2026-03-15", usernum: 9 },
    ]);
  });

  it("converts bytes to GB with 2 decimals and shows Mbps and people in the tooltip", () => {
    const option = chartOption(chartSpecs.vodFlow, [{ date: "2026-03-15", flow: 5_368_709_120 + 10_737_418 }]);
    expect(option.series).toMatchObject([{ data: [5.01] }]);
    expect(units.gb.format(5.01)).toBe("5.01GB");
    expect(units.gb.format(2)).toBe("2.00GB");
    expect(units.mbps.format(12.5)).toBe("12.50Mbps");
    expect(units.people.format(120)).toBe("120人");
  });

  it("gives the dashboard short day labels and no zoom, and a statistics page a zoom bar", () => {
    const points = [{ date: "2026-03-15", usernum: 1 }];
    const card = chartOption(chartSpecs.liveOnline, points, { compact: true, daily: true });
    const page = chartOption(chartSpecs.liveOnline, points);
    expect(card.dataZoom).toBeUndefined();
    expect(page.dataZoom).toBeDefined();
    const label = (option: typeof card) => (option.xAxis as { axisLabel: { formatter: (v: string) => string } }).axisLabel.formatter;
    expect(label(card)("2026-03-15")).toBe("03-15");
    expect(label(page)("2026-03-15 09:05:00")).toBe("03-15 09:05");
  });
});

describe("a period under way", () => {
  const label = (option: ReturnType<typeof chartOption>) =>
    (option.xAxis as { axisLabel: { formatter: (v: string, i: number) => string } }).axisLabel.formatter;
  const formatter = (option: ReturnType<typeof chartOption>) => (option.tooltip as { formatter: (params: unknown) => string }).formatter;
  const month = (count: number, value: (i: number) => number) =>
    Array.from({ length: count }, (_, i) => ({ date: `2026-03-${String(15 - count + 1 + i).padStart(2, "0")}`, usernum: value(i) }));

  it("is today on a daily chart, or the bucket holding now; nothing else", () => {
    expect(partialDate(month(3, () => 1), now)).toBe("2026-03-15");
    expect(partialDate([{ date: "2026-03-14" }], now)).toBeNull();
    const hourly = ["2026-03-15 08:00:00", "2026-03-15 09:00:00", "2026-03-15 10:00:00"].map((date) => ({ date }));
    expect(partialDate(hourly, now)).toBe("2026-03-15 10:00:00");
    expect(partialDate(hourly.slice(0, 2), now)).toBeNull();
    expect(partialDate([], now)).toBeNull();
  });

  it("ends a 30-day line at the last full day and draws today dashed, so its low figure is not read as a day of no use", () => {
    const option = chartOption(chartSpecs.liveOnline, month(30, (i) => (i === 29 ? 3 : 200)), { now });
    const [solid, dashed] = option.series as { name: string; data: unknown[]; lineStyle?: object; endLabel?: { formatter: string } }[];
    expect(solid.data.slice(0, 29).every((v) => v === 200)).toBe(true);
    expect(solid.data[29]).toBeNull();
    expect(dashed).toMatchObject({ name: "直播并发", lineStyle: { type: "dashed" }, endLabel: { formatter: "进行中" } });
    expect(dashed.data.slice(0, 28).every((v) => v === null)).toBe(true);
    expect(dashed.data[28]).toMatchObject({ value: 200, symbol: "none" });
    expect(dashed.data[29]).toMatchObject({ value: 3, symbol: "emptyCircle" });
    expect(label(option)("2026-03-15", 29)).toBe("03-15 进行中");
    expect(label(option)("2026-03-14", 28)).toBe("03-14");
    // One row per series, though the dashed stretch repeats the last full day; today says until when.
    const at = (dataIndex: number, ...values: (number | null)[]) =>
      formatter(option)(values.map((value) => ({ seriesName: "直播并发", value, marker: "", dataIndex, axisValueLabel: `2026-03-${dataIndex - 14}` })));
    expect(at(29, null, 3)).toBe("2026-03-15<br/>直播并发&nbsp;&nbsp;<b>3人（截至10:30）</b>");
    expect(at(28, 200, 200)).toBe("2026-03-14<br/>直播并发&nbsp;&nbsp;<b>200人</b>");
  });

  it("fades today's bar and labels the top of a stack only", () => {
    const points = ["2026-03-14", "2026-03-15"].map((date) => ({ date, size: 3 * 1024 ** 3, vod: 1024 ** 3, doc: 1024 ** 3, cloud: 1024 ** 3 }));
    const series = chartOption(chartSpecs.storageV2, points, { now }).series as { data: unknown[] }[];
    expect(series.map((s) => s.data[0])).toEqual([1, 1, 1]);
    expect(series.map((s) => s.data[1])).toMatchObject([{ value: 1, itemStyle: { opacity: 0.45 } }, { value: 1 }, { value: 1, label: { formatter: "进行中" } }]);
    expect(series.map((s) => "label" in (s.data[1] as object))).toEqual([false, false, true]);
  });

  it("marks nothing without a moment, or once the last period is over", () => {
    const points = month(30, () => 5);
    expect((chartOption(chartSpecs.liveOnline, points).series as { data: unknown[] }[])[0].data.every((v) => v === 5)).toBe(true);
    const later = new Date(2026, 2, 16, 0, 5).getTime();
    expect((chartOption(chartSpecs.liveOnline, points, { now: later }).series as { data: unknown[] }[])[0].data.every((v) => v === 5)).toBe(true);
  });
});

describe("ranges", () => {
  it("covers the last 29 days through the end of today on the dashboard", () => {
    expect(dashboardRange(now)).toEqual({ begindate: "2026-02-14 00:00:00", enddate: "2026-03-15 23:59:59" });
  });

  it("opens the statistics pages on the last 30 days, which the 31-day limit accepts", () => {
    const query = rangeQuery(defaultStatRange(now));
    expect(query).toEqual({ begindate: "2026-02-13 00:00:00", enddate: "2026-03-15 23:59:59" });
    expect(rangeProblem(query.begindate, query.enddate, STAT_RANGE)).toBeNull();
  });
});

describe("the module list", () => {
  it("keeps known modules once each, in the saved order", () => {
    expect(moduleList([13, 2, 2, 99, 7])).toEqual([13, 2, 7]);
  });

  it("falls back to modules 1 to 9 for an empty or unreadable list", () => {
    expect(moduleList([])).toEqual([...DEFAULT_MODULES]);
    expect(moduleList(null)).toEqual([...DEFAULT_MODULES]);
    expect(moduleList("1,2")).toEqual([...DEFAULT_MODULES]);
  });
});
