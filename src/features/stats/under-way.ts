import type { LineSeriesOption } from "echarts/charts";

/** The word on a period under way, at its point and in its axis label. */
export const UNDER_WAY = "进行中";

const label = { show: true, formatter: UNDER_WAY, color: "#8c8c8c", fontSize: 11 };

/**
 * A line whose last point is a period under way: the finished periods in the solid line, and a
 * dashed stretch from the last finished point to a ring saying 进行中, so a figure that is only
 * so far does not read as a fall to nothing. Both carry the series' name: the tooltip shows one.
 */
export function underWayLine(line: LineSeriesOption, values: number[], partial: number, color: string): LineSeriesOption[] {
  const solid = values.map((value, i) => (i === partial ? null : value));
  const dashed = values.map((value, i) => {
    if (i === partial) return { value, symbol: "emptyCircle", symbolSize: 10, itemStyle: { borderType: "dashed" as const, borderWidth: 2 } };
    return i === partial - 1 ? { value, symbol: "none" } : null;
  });
  return [
    { ...line, data: solid },
    { type: "line", name: line.name, data: dashed, color, showSymbol: true, lineStyle: { type: "dashed" }, endLabel: label },
  ];
}

/** A bar of a period under way: faded with a dashed edge; the top one of a stack says 进行中. */
export const underWayBar = (value: number, color: string, labelled: boolean) => ({
  value,
  itemStyle: { opacity: 0.45, borderType: "dashed" as const, borderColor: color, borderWidth: 1 },
  ...(labelled ? { label: { ...label, position: "top" as const } } : {}),
});

interface TipParam {
  seriesName?: string;
  value?: unknown;
  marker?: unknown;
  dataIndex: number;
  axisValueLabel?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The axis tooltip of a chart with a line under way: one row per series name (the dashed
 * stretch repeats the last finished point), none for a gap, each value in its unit.
 */
export const underWayTooltip = (value: (value: number, dataIndex: number) => string) => (params: unknown) => {
  const list = (Array.isArray(params) ? params : [params]) as TipParam[];
  const named = new Set<string>();
  const rows = list.filter((p) => p.value !== null && p.value !== undefined && p.value !== "-" && !named.has(p.seriesName ?? "") && named.add(p.seriesName ?? ""));
  const line = (p: TipParam) => `${typeof p.marker === "string" ? p.marker : ""}${escapeHtml(p.seriesName ?? "")}&nbsp;&nbsp;<b>${escapeHtml(value(Number(p.value), p.dataIndex))}</b>`;
  return [escapeHtml(list[0]?.axisValueLabel ?? ""), ...rows.map(line)].join("<br/>");
};
