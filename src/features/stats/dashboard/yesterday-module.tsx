import { Statistic } from "antd";
import dayjs from "dayjs";
import { consumeTypeLabels, consumeTypes, consumeUnits, type ConsumeRecord, type DashboardModule } from "../../../../resources/stats/stats";
import { formatYuan } from "../../../lib/format";
import { palette } from "../../../lib/theme";
import { useDashboardSource, useSourced } from "./dashboard-source";
import { ModuleCard } from "./module-card";

const row = { display: "flex", justifyContent: "space-between", gap: 12, padding: "4px 0", borderBottom: "1px dashed #f0f0f0" } as const;

/** 昨日消费: yesterday's records out of the home's one consumption query, by type, with their total. */
export function YesterdayModule({ module }: { module: DashboardModule }) {
  const source = useDashboardSource();
  const load = useSourced("consume");
  const yesterday = dayjs(source.now).subtract(1, "day").format("YYYY-MM-DD");
  const ofYesterday = (records: ConsumeRecord[]) =>
    records
      .filter((record) => record.recorddate === yesterday)
      .sort((a, b) => consumeTypes.indexOf(a.consumetype) - consumeTypes.indexOf(b.consumetype));

  return (
    <ModuleCard module={module} load={load} note={yesterday} isEmpty={(records) => ofYesterday(records).length === 0} emptyText="昨日暂无消费">
      {(records) => {
        const items = ofYesterday(records);
        // Costs come in yuan with up to 3 decimals; summing in thousandths avoids float drift (3 §9).
        const total = items.reduce((sum, item) => sum + Math.round(item.consumecost * 1000), 0) / 1000;
        return (
          <>
            <Statistic title="合计" value={formatYuan(total)} valueStyle={{ fontSize: 24 }} style={{ marginBottom: 8 }} />
            {items.map((item) => (
              <div key={item.consumetype} style={row}>
                <span style={{ flex: "0 0 5em", color: "#595959" }}>{consumeTypeLabels[item.consumetype]}</span>
                <span style={{ flex: 1, color: palette.mutedText }}>
                  {item.consumevalue}
                  {consumeUnits[item.consumetype]}
                </span>
                <span>{formatYuan(item.consumecost)}</span>
              </div>
            ))}
          </>
        );
      }}
    </ModuleCard>
  );
}
