import type { BarSeriesOption, LineSeriesOption } from "echarts/charts";
import dayjs from "dayjs";
import type { ChartOption } from "../../lib/echarts/option";
import type { ChartSpec } from "./chart-specs";
import { dailyPeaks, downsample } from "./downsample";
import { partialDate } from "./partial-period";
import { UNDER_WAY, underWayBar, underWayLine, underWayTooltip } from "./under-way";

export interface ChartLayout {
  /** A dashboard card: tighter margins, short day labels, no zoom bar. */
  compact?: boolean;
  /** One point per day, the day's peak (the dashboard's 29-day charts). */
  daily?: boolean;
  /** When the data was asked for: a period still under way then is marked as such. */
  now?: number;
}

const palette = ["#1677ff", "#36cfc9", "#faad14"];

/**
 * The echarts option of a chart: its points (made daily if asked, then reduced to at most
 * MAX_CHART_POINTS) on a category axis of their dates, with the unit on the value axis and
 * in the tooltip. The last point's period, when still under way at `now`, is marked so (its
 * figure is so far, not the whole period's; under-way.ts) and its tooltip says until when.
 */
export function chartOption<P extends { date: string }>(spec: ChartSpec<P>, raw: readonly P[], layout: ChartLayout = {}): ChartOption {
  const { compact = false, daily = false, now } = layout;
  const periods = daily ? dailyPeaks(raw, spec.peak) : raw;
  const points = downsample(periods, spec.peak);
  const open = now === undefined ? null : partialDate(periods, now);
  const partial = open !== null && points.at(-1)?.date === open ? points.length - 1 : -1;
  const lineUnderWay = partial >= 0 && spec.kind === "line";
  const legend = spec.series.length > 1;
  const until = now === undefined ? "" : `（截至${dayjs(now).format("HH:mm")}）`;
  const tipValue = (value: number, dataIndex?: number) => spec.unit.format(value) + (dataIndex === partial ? until : "");
  // Labels drop the year (the tooltip keeps it): MM-DD on a card, MM-DD HH:mm for a time bucket.
  const shortDate = (value: string) => (compact ? value.slice(5, 10) : value.slice(5, 16));
  const top = spec.series.length - 1;

  const seriesOf = (s: ChartSpec<P>["series"][number], index: number): (LineSeriesOption | BarSeriesOption)[] => {
    const values = points.map(s.value);
    const color = palette[index % palette.length];
    if (spec.kind === "bar") {
      const data = values.map((value, i) => (i === partial ? underWayBar(value, color, index === top) : value));
      return [{ type: "bar", name: s.name, data, barMaxWidth: 24, ...(spec.stacked ? { stack: "total" } : {}) }];
    }
    const line: LineSeriesOption = { type: "line", name: s.name, data: values, showSymbol: !compact && points.length <= 62, areaStyle: { opacity: 0.12 } };
    return partial >= 0 ? underWayLine(line, values, partial, color) : [line];
  };

  return {
    color: palette,
    animationDuration: 400,
    // A line's end label needs room beyond the last point.
    grid: { left: 8, right: lineUnderWay ? 52 : 16, top: legend ? 56 : 32, bottom: compact ? 4 : 48, containLabel: true },
    tooltip: lineUnderWay
      ? { trigger: "axis", formatter: underWayTooltip(tipValue) }
      : { trigger: "axis", valueFormatter: (value, dataIndex) => tipValue(Number(value), dataIndex) },
    ...(legend ? { legend: { top: 0, data: spec.series.map((s) => s.name) } } : {}),
    ...(compact ? {} : { dataZoom: [{ type: "inside" }, { type: "slider", height: 20, bottom: 8 }] }),
    xAxis: {
      type: "category",
      boundaryGap: spec.kind === "bar",
      data: points.map((p) => p.date),
      axisLabel: { formatter: (value: string, index: number) => (index === partial ? `${shortDate(value)} ${UNDER_WAY}` : shortDate(value)) },
    },
    yAxis: { type: "value", name: spec.unit.axis, minInterval: spec.unit.integer ? 1 : 0 },
    series: spec.series.flatMap(seriesOf),
  };
}
