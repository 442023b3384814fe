import { deviceLabels, type DeviceKind, type LiveConcurrencyDataset, type LiveDeviceStat } from "../../../resources/live-stats/live-stats-api";
import type { ConcurrencyPoint } from "../../../resources/stats/stats";
import type { ChartOption } from "../../lib/echarts/option";
import { chartOption, chartSpecs } from "../stats";

const deviceColors: Record<DeviceKind, string> = { pc: "#1677ff", android: "#52c41a", ios: "#595959", ipad: "#722ed1", h5: "#fa8c16" };

/** The devices' pie (3 §2.2): a slice a device with viewers, its count and share in the tooltip. */
export function devicePie(stat: LiveDeviceStat): ChartOption | null {
  const slices = (Object.keys(deviceLabels) as DeviceKind[])
    .map((device) => ({ name: deviceLabels[device], value: stat[`${device}_usernum`], itemStyle: { color: deviceColors[device] } }))
    .filter((slice) => slice.value > 0);
  if (!slices.length) return null;
  return {
    animationDuration: 400,
    tooltip: { trigger: "item", formatter: "{b}：{c}人（{d}%）" },
    legend: { bottom: 0, data: slices.map((s) => s.name) },
    series: [{ type: "pie", name: "设备分布", radius: ["40%", "68%"], center: ["50%", "45%"], data: slices, label: { formatter: "{b} {c}人" } }],
  };
}

/** The live's concurrency as the statistics pages draw theirs (its points already at most about 1000). */
export function concurrencyChart(dataset: LiveConcurrencyDataset, now: number): ChartOption | null {
  const points: ConcurrencyPoint[] = dataset.concurrency_datetime.map((date, i) => ({ date, usernum: dataset.concurrency_usernum[i] ?? 0 }));
  return points.length ? chartOption(chartSpecs.liveOnline, points, { now }) : null;
}

/** Seconds as 1小时2分3秒 (3 §2.2: hours, minutes and seconds). */
export function watchTime(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}小时${m}分${s % 60}秒`;
}
