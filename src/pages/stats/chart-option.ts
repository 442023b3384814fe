import type { ChartOption } from "../../lib/echarts/option";
import type { ChartSpec } from "./chart-specs";
import { dailyPeaks, downsample } from "./downsample";

export interface ChartLayout {
  /** A dashboard card: tighter margins, short day labels, no zoom bar. */
  compact?: boolean;
  /** One point per day, the day's peak (the dashboard's 29-day charts). */
  daily?: boolean;
}

const palette = ["#1677ff", "#36cfc9", "#faad14"];

/**
 * The echarts option of a chart: its points (made daily if asked, then reduced to at most
 * MAX_CHART_POINTS) on a category axis of their dates, with the unit on the value axis and
 * in the tooltip.
 */
export function chartOption<P extends { date: string }>(spec: ChartSpec<P>, raw: readonly P[], layout: ChartLayout = {}): ChartOption {
  const { compact = false, daily = false } = layout;
  const points = downsample(daily ? dailyPeaks(raw, spec.peak) : raw, spec.peak);
  const legend = spec.series.length > 1;
  return {
    color: palette,
    animationDuration: 400,
    grid: { left: 8, right: 16, top: legend ? 56 : 32, bottom: compact ? 4 : 48, containLabel: true },
    tooltip: { trigger: "axis", valueFormatter: (value) => spec.unit.format(Number(value)) },
    ...(legend ? { legend: { top: 0, data: spec.series.map((s) => s.name) } } : {}),
    ...(compact ? {} : { dataZoom: [{ type: "inside" }, { type: "slider", height: 20, bottom: 8 }] }),
    xAxis: {
      type: "category",
      boundaryGap: spec.kind === "bar",
      data: points.map((p) => p.date),
      // Labels drop the year (the tooltip keeps it): MM-DD on a card, MM-DD HH:mm for a time bucket.
      axisLabel: { formatter: (value: string) => (compact ? value.slice(5, 10) : value.slice(5, 16)) },
    },
    yAxis: { type: "value", name: spec.unit.axis, minInterval: spec.unit.integer ? 1 : 0 },
    series: spec.series.map((s) =>
      spec.kind === "line"
        ? { type: "line", name: s.name, data: points.map(s.value), showSymbol: !compact && points.length <= 62, areaStyle: { opacity: 0.12 } }
        : { type: "bar", name: s.name, data: points.map(s.value), barMaxWidth: 24, ...(spec.stacked ? { stack: "total" } : {}) },
    ),
  };
}
