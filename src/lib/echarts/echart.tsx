import { useEffect, useRef, useState, type CSSProperties } from "react";
import type { EChartsType } from "echarts/core";
import { palette } from "../theme";
import { ChartTable } from "./chart-table";
import { loadEcharts } from "./load-echarts";
import type { ChartOption } from "./option";
import { chartMotion, reducedMotion } from "../reduced-motion";

const withMotion = (option: ChartOption): ChartOption => chartMotion(option, reducedMotion);

export interface EChartProps {
  option: ChartOption;
  /** CSS height of the chart; the width follows the container. */
  height?: CSSProperties["height"];
  /** What the chart shows: its name for screen readers and its data table's caption. */
  label: string;
}

/**
 * One echarts instance in a div: created when the runtime has loaded, given each new option
 * whole (no merging with the last one), resized with its container, disposed on unmount.
 * `data-chart-state` says "drawn" once the first render has finished (for tests and timings).
 */
export function EChart({ option, height = 300, label }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const latest = useRef(option);
  const [failed, setFailed] = useState(false);
  latest.current = option;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    loadEcharts()
      .then(({ init }) => {
        const el = element.current;
        if (disposed || !el) return;
        const instance = init(el, undefined, { renderer: "canvas" });
        instance.on("finished", () => {
          el.dataset.chartState = "drawn";
        });
        instance.setOption(withMotion(latest.current), { notMerge: true });
        chart.current = instance;
        observer = new ResizeObserver(() => instance.resize());
        observer.observe(el);
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(withMotion(option), { notMerge: true });
  }, [option]);

  return (
    <>
      {failed ? (
        <div role="alert" style={{ height, display: "flex", alignItems: "center", justifyContent: "center", color: palette.mutedText }}>
          图表加载失败，请刷新页面重试
        </div>
      ) : (
        <div ref={element} role="img" aria-label={label} data-chart-state="loading" style={{ width: "100%", height }} />
      )}
      {/* The figures stay readable even when the chart's code could not be loaded. */}
      <ChartTable option={option} label={label} />
    </>
  );
}
