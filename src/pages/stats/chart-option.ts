import dayjs from "dayjs";
import type { ChartOption } from "../../lib/echarts/option";
import type { ChartSpec } from "./chart-specs";
import { dailyPeaks, downsample } from "./downsample";
import { partialDate } from "./partial-period";

export interface ChartLayout {
  /** A dashboard card: tighter margins, short day labels, no zoom bar. */
  compact?: boolean;
  /** One point per day, the day's peak (the dashboard's 29-day charts). */
  daily?: boolean;
  /** When the data was asked for: a period still under way then is marked as such. */
  now?: number;
}

const palette = ["#1677ff", "#36cfc9", "#faad14"];
/** The word on a period under way, above its point and in its axis label. */
export const UNDER_WAY = "进行中";

const underWayLabel = { show: true, formatter: UNDER_WAY, color: "#8c8c8c", fontSize: 11 };

/**
 * A point of a period under way: a larger dashed ring on a line (which says 进行中 at its end), a faded
 * bar with a dashed edge, the top one of a stack labelled.
 */
const underWay = (value: number, kind: "line" | "bar", color: string, labelled: boolean) =>
  kind === "line"
    ? { value, symbol: "emptyCircle", symbolSize: 10, itemStyle: { borderType: "dashed" as const, borderWidth: 2 } }
    : {
        value,
        itemStyle: { opacity: 0.45, borderType: "dashed" as const, borderColor: color, borderWidth: 1 },
        ...(labelled ? { label: { ...underWayLabel, position: "top" as const } } : {}),
      };

/**
 * The echarts option of a chart: its points (made daily if asked, then reduced to at most
 * MAX_CHART_POINTS) on a category axis of their dates, with the unit on the value axis and
 * in the tooltip. The last point's period, when still under way at `now`, is marked so (its
 * figure is so far, not the whole period's) and its tooltip says until when.
 */
export function chartOption<P extends { date: string }>(spec: ChartSpec<P>, raw: readonly P[], layout: ChartLayout = {}): ChartOption {
  const { compact = false, daily = false, now } = layout;
  const periods = daily ? dailyPeaks(raw, spec.peak) : raw;
  const points = downsample(periods, spec.peak);
  const open = now === undefined ? null : partialDate(periods, now);
  const partial = open !== null && points.at(-1)?.date === open ? points.length - 1 : -1;
  const legend = spec.series.length > 1;
  const until = now === undefined ? "" : `（截至${dayjs(now).format("HH:mm")}）`;
  // Labels drop the year (the tooltip keeps it): MM-DD on a card, MM-DD HH:mm for a time bucket.
  const shortDate = (value: string) => (compact ? value.slice(5, 10) : value.slice(5, 16));
  const top = spec.series.length - 1;
  const values = (value: (point: P) => number, index: number) =>
    points.map((point, i) => (i === partial ? underWay(value(point), spec.kind, palette[index % palette.length], index === top) : value(point)));
  return {
    color: palette,
    animationDuration: 400,
    // A line's end label needs room beyond the last point.
    grid: { left: 8, right: partial >= 0 && spec.kind === "line" ? 52 : 16, top: legend ? 56 : 32, bottom: compact ? 4 : 48, containLabel: true },
    tooltip: { trigger: "axis", valueFormatter: (value, dataIndex) => spec.unit.format(Number(value)) + (dataIndex === partial ? until : "") },
    ...(legend ? { legend: { top: 0, data: spec.series.map((s) => s.name) } } : {}),
    ...(compact ? {} : { dataZoom: [{ type: "inside" }, { type: "slider", height: 20, bottom: 8 }] }),
    xAxis: {
      type: "category",
      boundaryGap: spec.kind === "bar",
      data: points.map((p) => p.date),
      axisLabel: { formatter: (value: string, index: number) => (index === partial ? `${shortDate(value)} ${UNDER_WAY}` : shortDate(value)) },
    },
    yAxis: { type: "value", name: spec.unit.axis, minInterval: spec.unit.integer ? 1 : 0 },
    series: spec.series.map((s, index) =>
      spec.kind === "line"
        ? {
            type: "line",
            name: s.name,
            data: values(s.value, index),
            showSymbol: !compact && points.length <= 62,
            areaStyle: { opacity: 0.12 },
            ...(partial >= 0 ? { endLabel: underWayLabel } : {}),
          }
        : { type: "bar", name: s.name, data: values(s.value, index), barMaxWidth: 24, ...(spec.stacked ? { stack: "total" } : {}) },
    ),
  };
}
