import { useMemo } from "react";
import type { DashboardModule } from "../../../../resources/stats/stats";
import { EChart } from "../../../lib/echarts/echart";
import { chartOption } from "../chart-option";
import { chartSpecs, type ChartKey, type ChartPoints } from "../chart-specs";
import { useDashboardSource, useSourced } from "./dashboard-source";
import { ModuleCard } from "./module-card";

/** A chart module: the last 29 days through today, one point per day (the day's peak), today marked as under way. */
export function ChartModule<K extends ChartKey>({ module, source }: { module: DashboardModule; source: K }) {
  const { now } = useDashboardSource();
  const load = useSourced(source);
  const points = load.status === "ok" ? load.data : null;
  const option = useMemo(
    () => (points ? chartOption(chartSpecs[source], points as ChartPoints[K][], { compact: true, daily: true, now }) : null),
    [points, source, now],
  );
  return (
    <ModuleCard module={module} load={load} note="近30天" isEmpty={(data) => data.length === 0} emptyText="近30天暂无数据">
      {() => option && <EChart option={option} height={220} label={`${module.title}图表`} />}
    </ModuleCard>
  );
}
