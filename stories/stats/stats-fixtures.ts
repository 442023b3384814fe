/**
 * What the server answers the dashboard and the statistics pages, shared by the stories and
 * the client tests so a screen is shown and checked against the same records. Plain data
 * only (envelopes and routes are built by each side), dated relative to a given moment.
 */
import dayjs from "dayjs";
import {
  BYTES_PER_GB,
  DATE_TIME_FORMAT,
  type BandwidthPoint,
  type ConcurrencyPoint,
  type ConsumeRecord,
  type CourseLiveCounts,
  type FlowPoint,
  type StoragePoint,
  type StorageV2Point,
  type TodayConsume,
  type TodayLiveCounts,
  type UserCounts,
  type UvPv,
} from "../../resources/stats/stats";

export const courseLive: CourseLiveCounts = { course: 19, live: 96, vod: 4 };
export const todayLive: TodayLiveCounts = { total: 5, used: 3, big: 2, samll: 1, ass: 1 };
export const userCounts: UserCounts = { assistant: 7, student: 321, teacher: 13 };
export const uvpv: UvPv = { uv: 6069, pv: 41759, vod_uv: 2149, vod_pv: 8911 };
export const todayConsume: TodayConsume = { live: 0.9, replay: 0.3, sms: 0.2, voicesms: 0.15 };
export const balance = 12345.678;

/** Nothing yet: a new organisation. */
export const zero = {
  courseLive: { course: 0, live: 0, vod: 0 } satisfies CourseLiveCounts,
  todayLive: { total: 0, used: 0, big: 0, samll: 0, ass: 0 } satisfies TodayLiveCounts,
  users: { assistant: 0, student: 0, teacher: 0 } satisfies UserCounts,
  uvpv: { uv: 0, pv: 0, vod_uv: 0, vod_pv: 0 } satisfies UvPv,
  todayConsume: { live: 0, replay: 0, sms: 0, voicesms: 0 } satisfies TodayConsume,
};

/** 'YYYY-MM-DD' of the `count` days ending on the day of `now`, oldest first. */
export const lastDayLabels = (now: number, count = 30) =>
  Array.from({ length: count }, (_, i) => dayjs(now).subtract(count - 1 - i, "day").format("YYYY-MM-DD"));

// A weekly rhythm with weekend dips: plausible, deterministic, no randomness between runs.
const wave = (i: number) => Math.abs(Math.sin(i / 2.2)) * 0.7 + (i % 7 >= 5 ? 0 : 0.3);

export const liveOnline = (now: number): ConcurrencyPoint[] =>
  lastDayLabels(now).map((date, i) => ({ date, usernum: 120 + Math.round(100 * wave(i)) }));

export const replayOnline = (now: number): ConcurrencyPoint[] =>
  lastDayLabels(now).map((date, i) => ({ date, usernum: 30 + Math.round(25 * wave(i + 3)) }));

const gb = (value: number) => Math.round(value * BYTES_PER_GB);

export const storage = (now: number): StoragePoint[] =>
  lastDayLabels(now).map((date, i) => ({ date, size: gb(830 + i * 10.37) }));

export const storageV2 = (now: number): StorageV2Point[] =>
  storage(now).map(({ date, size }, i) => {
    const doc = gb(10.2 + i * 0.05);
    const cloud = gb(38.8 + (i > 12 ? 2.2 : 0));
    return { date, size, vod: size - doc - cloud, doc, cloud };
  });

export const vodFlow = (now: number): FlowPoint[] =>
  lastDayLabels(now).map((date, i) => ({ date, flow: gb(140 + 40 * wave(i)) }));

/** Hourly peaks over the last 30 days (720 points): busy evenings, quiet nights. */
export const vodBandwidth = (now: number): BandwidthPoint[] =>
  lastDayLabels(now).flatMap((day, d) =>
    Array.from({ length: 24 }, (_, hour) => ({
      date: `${day} ${String(hour).padStart(2, "0")}:00:00`,
      mbps: Math.round((10 + (hour >= 18 && hour <= 21 ? 50 : hour >= 8 ? 12 : 1) * (0.4 + wave(d) * 0.6 + (hour % 3) / 20)) * 100) / 100,
    })),
  );

/**
 * Minute buckets from `from` on, more than a chart may draw: `count` points, a constant
 * level with one spike of `peak` people at index `peakAt`.
 */
export const denseConcurrency = (from: number, count: number, peakAt: number, peak = 999): ConcurrencyPoint[] =>
  Array.from({ length: count }, (_, i) => ({
    date: dayjs(from).add(i, "minute").format(DATE_TIME_FORMAT),
    usernum: i === peakAt ? peak : 10 + (i % 5),
  }));

/** The consumption records of yesterday and the day before, every type. */
export const consumeRecords = (now: number): ConsumeRecord[] => {
  const day = (n: number) => dayjs(now).subtract(n, "day").format("YYYY-MM-DD");
  const yesterday: ConsumeRecord[] = [
    { recorddate: day(1), consumetype: "bandwidth", consumevalue: 60.38, consumecost: 30.19 },
    { recorddate: day(1), consumetype: "convert", consumevalue: 3254, consumecost: 65.08 },
    { recorddate: day(1), consumetype: "live", consumevalue: 222, consumecost: 66.6 },
    { recorddate: day(1), consumetype: "oss", consumevalue: 1137.63, consumecost: 4.551 },
    { recorddate: day(1), consumetype: "replay", consumevalue: 47, consumecost: 4.7 },
    { recorddate: day(1), consumetype: "sms", consumevalue: 45, consumecost: 4.5 },
    { recorddate: day(1), consumetype: "voicesms", consumevalue: 14, consumecost: 2.1 },
  ];
  return [...yesterday, ...yesterday.map((record) => ({ ...record, recorddate: day(2), consumecost: record.consumecost * 2 }))];
};
