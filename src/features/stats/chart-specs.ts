import {
  bytesToGB,
  formatMbps,
  storageKindLabels,
  storageKinds,
  type BandwidthPoint,
  type ConcurrencyPoint,
  type FlowPoint,
  type StoragePoint,
  type StorageV2Point,
} from "../../../resources/stats/stats";

/** The unit of a chart (3 §9): people for concurrency, Mbps for bandwidth, GB for storage and traffic. */
export interface ChartUnit {
  axis: string;
  format: (value: number) => string;
  /** Whole numbers only (people): the axis never shows 0.5 of a person. */
  integer?: boolean;
}

export const units = {
  people: { axis: "人", format: (value: number) => `${value}人`, integer: true },
  mbps: { axis: "Mbps", format: formatMbps },
  gb: { axis: "GB", format: (gb: number) => `${gb.toFixed(2)}GB` },
} satisfies Record<string, ChartUnit>;

/** The points each chart call answers. */
export interface ChartPoints {
  liveOnline: ConcurrencyPoint;
  replayOnline: ConcurrencyPoint;
  vodBandwidth: BandwidthPoint;
  storage: StoragePoint;
  storageV2: StorageV2Point;
  vodFlow: FlowPoint;
}
export type ChartKey = keyof ChartPoints;

export interface ChartSpec<P> {
  kind: "line" | "bar";
  unit: ChartUnit;
  series: { name: string; value: (point: P) => number }[];
  /** Stack the series (the parts of one total). */
  stacked?: boolean;
  /** The figure whose peaks downsampling keeps. */
  peak: (point: P) => number;
}

const usernum = (point: ConcurrencyPoint) => point.usernum;

export const chartSpecs: { [K in ChartKey]: ChartSpec<ChartPoints[K]> } = {
  liveOnline: { kind: "line", unit: units.people, series: [{ name: "直播并发", value: usernum }], peak: usernum },
  replayOnline: { kind: "line", unit: units.people, series: [{ name: "回放并发", value: usernum }], peak: usernum },
  vodBandwidth: { kind: "line", unit: units.mbps, series: [{ name: "回放带宽", value: (p) => p.mbps }], peak: (p) => p.mbps },
  storage: { kind: "bar", unit: units.gb, series: [{ name: "存储量", value: (p) => bytesToGB(p.size) }], peak: (p) => p.size },
  storageV2: {
    kind: "bar",
    unit: units.gb,
    series: storageKinds.map((kind) => ({ name: storageKindLabels[kind], value: (p: StorageV2Point) => bytesToGB(p[kind]) })),
    stacked: true,
    peak: (p) => p.size,
  },
  vodFlow: { kind: "bar", unit: units.gb, series: [{ name: "回放流量", value: (p) => bytesToGB(p.flow) }], peak: (p) => p.flow },
};

export const isChartKey = (key: string): key is ChartKey => key in chartSpecs;
