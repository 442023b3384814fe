import { describe, expect, it } from "vitest";
import { DEFAULT_MODULES, MAX_CHART_POINTS, STAT_RANGE, rangeProblem } from "../../../resources/stats";
import { chartOption } from "../../../src/pages/stats/chart-option";
import { chartSpecs, units } from "../../../src/pages/stats/chart-specs";
import { moduleList } from "../../../src/pages/stats/dashboard/dashboard-source";
import { dailyPeaks, downsample } from "../../../src/pages/stats/downsample";
import { dashboardRange, defaultStatRange, rangeQuery } from "../../../src/pages/stats/ranges";

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
