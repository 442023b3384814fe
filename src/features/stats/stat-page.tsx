import { Alert, Card, DatePicker, Empty, Skeleton, message } from "antd";
import dayjs from "dayjs";
import { useEffect, useMemo, useState } from "react";
import { STAT_RANGE, rangeProblem, statsApi, type DashboardModule } from "../../../resources/stats/stats";
import { EChart } from "../../lib/echarts/echart";
import { palette } from "../../lib/theme";
import { loadEcharts } from "../../lib/echarts/load-echarts";
import { chartOption } from "./chart-option";
import { chartSpecs, type ChartKey, type ChartPoints } from "./chart-specs";
import { defaultStatRange, lastDays, rangeQuery, type DayRange } from "./ranges";
import { useStatCall } from "./use-stat-call";

const presets = () => [
  { label: "最近7天", value: lastDays(7) },
  { label: "最近30天", value: lastDays(30) },
];

/**
 * A statistics page (3 §2.2): one chart over a chosen range of days, the last 30 by default.
 * A range over 31 days is refused here, with the server's words, before any call.
 */
export function StatPage<K extends ChartKey>({ module, chart }: { module: DashboardModule; chart: K }) {
  const [range, setRange] = useState<DayRange>(() => defaultStatRange());
  const [refusals, setRefusals] = useState(0);
  const query = useMemo(() => rangeQuery(range), [range]);
  const load = useStatCall<ChartPoints[K][] | null>(statsApi[chart], { ...query });
  const points = load.status === "ok" ? load.data : null;
  // Drawn as of the answer's arrival: the period under way then is marked as such.
  const option = useMemo(() => (points?.length ? chartOption(chartSpecs[chart], points, { now: Date.now() }) : null), [points, chart]);
  // The chart's runtime loads while the data is on its way (the chart shows a failure itself).
  useEffect(() => void loadEcharts().catch(() => undefined), []);

  const choose = (values: [dayjs.Dayjs | null, dayjs.Dayjs | null] | null) => {
    const [first, last] = values ?? [];
    if (!first || !last) return;
    const next: DayRange = [first, last];
    const { begindate, enddate } = rangeQuery(next);
    const problem = rangeProblem(begindate, enddate, STAT_RANGE);
    if (problem) {
      // Keyed: one refusal shows once however many times the picker reports it.
      message.error({ content: problem, key: "stat-range" });
      // The picker keeps what was typed over a refused range; a fresh one shows the range the
      // chart is about again.
      setRefusals((n) => n + 1);
      return;
    }
    setRange(next);
  };

  return (
    <Card
      title={
        <span>
          {module.title}
          <span style={{ marginLeft: 8, fontSize: 12, fontWeight: 400, color: palette.mutedText }}>单位：{chartSpecs[chart].unit.axis}</span>
        </span>
      }
      extra={
        <DatePicker.RangePicker
          key={refusals}
          value={range}
          onChange={choose}
          allowClear={false}
          presets={presets()}
          disabledDate={(day) => day.isAfter(dayjs(), "day")}
          aria-label="统计日期范围"
        />
      }
    >
      {load.status === "loading" ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : load.status === "error" ? (
        <Alert type="error" showIcon message="查询失败" description={load.error} />
      ) : option ? (
        <EChart option={option} height={440} label={`${module.title}图表`} />
      ) : (
        <Empty description="所选日期暂无数据" style={{ padding: "96px 0" }} />
      )}
    </Card>
  );
}

/** The page of a dashboard module's 'more' link. */
export function statPageOf<K extends ChartKey>(module: DashboardModule, chart: K) {
  function StatRoute() {
    return <StatPage module={module} chart={chart} />;
  }
  return StatRoute;
}
