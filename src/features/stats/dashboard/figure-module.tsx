import { Statistic } from "antd";
import type { DashboardModule } from "../../../../resources/stats/stats";
import { formatYuan } from "../../../lib/format";
import { useSourced, type SourceData } from "./dashboard-source";
import { figureSpecs, type FigureKey, type FigureSpec } from "./figure-specs";
import { ModuleCard } from "./module-card";

const grid = { display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(104px, 1fr))", gap: 16 } as const;

/** A module of counts or amounts (course overview, today's lives, users, visits, today's consumption). */
export function FigureModule<K extends FigureKey>({ module, source }: { module: DashboardModule; source: K }) {
  const load = useSourced(source);
  const spec: FigureSpec<SourceData[K]> = figureSpecs[source];
  const values = (data: SourceData[K]) => spec.fields.map((field) => Number(data[field.key] ?? 0));
  const shown = (value: number) => (spec.money ? formatYuan(value) : value);

  return (
    <ModuleCard module={module} load={load} note={spec.note} isEmpty={(data) => values(data).every((v) => v === 0)} emptyText={spec.emptyText}>
      {(data) => (
        <div style={grid}>
          {/* Amounts come with up to 3 decimals; summing thousandths avoids float drift (3 §9). */}
          {spec.money && <Statistic title="合计" value={formatYuan(values(data).reduce((sum, v) => sum + Math.round(v * 1000), 0) / 1000)} valueStyle={{ fontSize: 22 }} />}
          {spec.fields.map((field, i) => (
            <Statistic key={field.key} title={field.label} value={shown(values(data)[i])} suffix={field.suffix} valueStyle={{ fontSize: 22 }} />
          ))}
        </div>
      )}
    </ModuleCard>
  );
}
