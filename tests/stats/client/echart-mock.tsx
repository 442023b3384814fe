import type { ChartOption } from "../../../src/lib/echarts/option";
import type { EChartProps } from "../../../src/lib/echarts/echart";

/** The option each chart was last given, by its label: jsdom has no canvas, so tests read this. */
export const drawn = new Map<string, ChartOption>();

/** Stands in for src/lib/echarts/echart.tsx: `vi.mock("…/echart", () => import("./echart-mock"))`. */
export function EChart({ option, label }: EChartProps) {
  drawn.set(label, option);
  return <div role="img" aria-label={label} />;
}
