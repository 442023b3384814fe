import { Alert, Card, Col, Empty, Result, Row, Skeleton, Statistic } from "antd";
import { useMemo, type ReactNode } from "react";
import { useSearchParams } from "react-router-dom";
import { liveCourseKeys } from "../../../resources/lives/live-api";
import { liveStatsApi, type LiveConcurrencyDataset, type LiveDeviceStat, type LiveInternalStat } from "../../../resources/live-stats/live-stats-api";
import { AccessGate } from "../../engine/access-gate";
import { EChart } from "../../lib/echarts/echart";
import { useCall, type CallState } from "../../lib/use-call";
import { concurrencyChart, devicePie, watchTime } from "./live-stat-charts";

/** What the page says opened without a live (a bookmark cut short). */
export const missingLive = "请从直播列表打开直播统计";

/**
 * /liveStat?liveId&courseId (3 §2.2): a live's devices as a pie, its viewers, independent
 * addresses and average watch time (total over viewers), and its concurrency line, each card
 * from its own call (3 §7.4b) showing its own loading and failure.
 */
export function LiveStatPage() {
  return (
    <AccessGate menuKey={liveCourseKeys}>
      <LiveStat />
    </AccessGate>
  );
}

function LiveStat() {
  const [search] = useSearchParams();
  const liveId = /^[1-9]\d{0,9}$/.test(search.get("liveId") ?? "") ? Number(search.get("liveId")) : null;
  const query = { roomid: liveId ?? 0 };
  const enabled = liveId !== null;
  const device = useCall<LiveDeviceStat>(liveStatsApi.device, query, { enabled });
  const internal = useCall<LiveInternalStat>(liveStatsApi.internal, query, { enabled });
  const concurrency = useCall<LiveConcurrencyDataset>(liveStatsApi.concurrency, query, { enabled });
  const pie = useMemo(() => (device.answer ? devicePie(device.answer.data) : null), [device.answer]);
  const line = useMemo(() => (concurrency.answer ? concurrencyChart(concurrency.answer.data, Date.now()) : null), [concurrency.answer]);
  if (!enabled) return <Result status="warning" title={missingLive} />;

  const figures = internal.answer?.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={10}>
        <Card title="设备分布" style={{ height: "100%" }}>
          <Loaded call={device} empty="暂无观看记录">
            {pie && <EChart option={pie} height={320} label="设备分布图表" />}
          </Loaded>
        </Card>
      </Col>
      <Col xs={24} lg={14}>
        <Card title="观看概况" style={{ height: "100%" }}>
          <Loaded call={internal}>
            {figures && (
              <Row gutter={16}>
                <Col span={8}>
                  <Statistic title="用户数" value={figures.UV} suffix="人" />
                </Col>
                <Col span={8}>
                  <Statistic title="独立IP数" value={figures.IP} suffix="个" />
                </Col>
                <Col span={8}>
                  <Statistic title="平均观看时长" value={watchTime(figures.UV ? figures.TL / figures.UV : 0)} />
                </Col>
              </Row>
            )}
          </Loaded>
        </Card>
      </Col>
      <Col span={24}>
        <Card title={<span>并发人数<span style={{ marginLeft: 8, fontSize: 12, fontWeight: 400 }}>单位：人</span></span>}>
          <Loaded call={concurrency} empty="暂无并发数据">
            {line && <EChart option={line} height={400} label="并发人数图表" />}
          </Loaded>
        </Card>
      </Col>
    </Row>
  );
}

/** A card's body: a skeleton while its call is out, its failure in words, empty when it drew nothing. */
function Loaded<T>({ call, empty, children }: { call: CallState<T>; empty?: string; children: ReactNode }) {
  if (call.error) return <Alert type="error" showIcon message="查询失败" description={call.error.message} />;
  if (!call.answer) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (empty && !children) return <Empty description={empty} style={{ padding: "48px 0" }} />;
  return <>{children}</>;
}
