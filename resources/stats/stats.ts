import { statPages } from "./routes";
import { ep } from "../kernel/endpoint";
import { overviewMenuKey } from "../billing/alerts";

/**
 * The admin home dashboard and the statistics pages (1 §2.3, §7; 3 §2.2, §5, §7.2, §7.4b, §9),
 * written once: the client draws and checks from it, the server answers and enforces from it.
 */
export const statsApi = {
  // Home cards. No query.
  courseLive: ep("GET /stat/groupcourselive"),
  todayLive: ep("GET /stat/grouptodaylive"),
  users: ep("GET /stat/groupuser"),
  todayConsume: ep("GET /stat/todayconsume"),
  /** Today's figures, or the sum of the daily figures of an optional {begindate, enddate} (≤ 31 days). */
  uvpv: ep("GET /stat/useruvpv"),
  boardConfig: ep("GET /cms/groupboardconfig"),
  saveBoardConfig: ep("PUT /cms/groupboardconfig"),
  // Charts. Query {begindate, enddate} ('YYYY-MM-DD HH:mm:ss'), at most 31 days.
  liveOnline: ep("GET /cms/stat/groupliveonline"),
  replayOnline: ep("GET /cms/stat/groupreplayonline"),
  storage: ep("GET /cms/stat/grouposs"),
  storageV2: ep("GET /cms/stat/grouposs2"),
  vodBandwidth: ep("GET /cms/stat/groupvodbandwidth"),
  vodFlow: ep("GET /cms/stat/groupvodflow"),
  /** Consumption records: {begindate, enddate, type, page, count ≤ 1000}, at most 93 days. */
  consume: ep("GET /cms/stat/dayconsume/v2"),
} as const;

// Wire shapes. Every answer is the envelope {code, data, msg}; these are its `data`.

/** `/stat/groupcourselive`: live-class courses, lives, recorded (type 200) courses. */
export interface CourseLiveCounts { course: number; live: number; vod: number }
/** `/stat/grouptodaylive`: today's lives; `samll` is spelt as the spec spells it. */
export interface TodayLiveCounts { total: number; used: number; big: number; samll: number; ass: number }
export interface UserCounts { assistant: number; student: number; teacher: number }
export interface UvPv { uv: number; pv: number; vod_uv: number; vod_pv: number }
/** `/stat/todayconsume`: today's cost so far per item, in yuan. */
export interface TodayConsume { live: number; replay: number; sms: number; voicesms: number }
/**
 * A concurrency point: `date` is 'YYYY-MM-DD HH:mm:ss' (start of a minute bucket) for ranges of
 * up to two days, 'YYYY-MM-DD' (the day's maximum) for longer ones. `usernum` is people.
 */
export interface ConcurrencyPoint { date: string; usernum: number }
/** Stored bytes at the end of the day ('YYYY-MM-DD'). */
export interface StoragePoint { date: string; size: number }
/** Storage v2: the day's total and its split by kind, all in bytes. */
export type StorageV2Point = StoragePoint & Record<StorageKind, number>;
/** Peak vod bandwidth of a bucket starting at `date` ('YYYY-MM-DD HH:mm:ss'), Mbps with 2 decimals. */
export interface BandwidthPoint { date: string; mbps: number }
/** Vod traffic delivered on a day ('YYYY-MM-DD'), bytes. */
export interface FlowPoint { date: string; flow: number }
/** One consumption record; the list answer also carries `count`, the number of records in the range. */
/**
 * A day's consumption of a type (3 §3), or with `type=total` of every type (`consumetype` "total",
 * no usage). `billing` is how it was billed, read from its consume_detail (3 §9 billing labels);
 * empty for a day priced before details were kept.
 */
export interface ConsumeRecord { recorddate: string; consumetype: ConsumeType; consumevalue: number; consumecost: number; billing?: string; Id?: string }
export interface ConsumeTotalRecord { recorddate: string; consumetype: "total"; consumevalue: null; consumecost: number; Id?: string }

/** A consumption row's key in a list: its day and type (a day has a row of each type). */
export const consumeRowId = (day: string, type: string) => `${day}:${type}`;

/** Recorded (vod) courses are course type 200 (1 §9); the other types are live-class courses. */
export const RECORDED_COURSE_TYPE = 200;

/**
 * How today's lives are split by class scale (1 §9: 0 small, 1 large, 5 dual teacher,
 * 6 interactive large): `big` large and interactive large classes, `samll` small classes,
 * `ass` dual-teacher classes (a main teacher with an assistant in each classroom). `used`
 * counts the lives that have begun (in progress or ended).
 */
export const todayLiveScales = { big: [1, 6], samll: [0], ass: [5] } as const;

// The dashboard (1 §2.3).

export interface DashboardModule {
  id: number;
  title: string;
  /** The statistics page of its 'more' link. */
  more?: string;
  /** The calls the module makes (keys of `statsApi`, or "balance" from `authApi`). */
  calls: readonly (keyof typeof statsApi | "balance")[];
}

export const dashboardModules: readonly DashboardModule[] = [
  { id: 1, title: "课程概况", calls: ["courseLive"] },
  { id: 2, title: "今日直播", calls: ["todayLive"] },
  { id: 3, title: "账户概况", calls: ["balance"] },
  { id: 4, title: "用户信息", calls: ["users"] },
  { id: 5, title: "用户统计", calls: ["uvpv"] },
  { id: 6, title: "今日消费", calls: ["todayConsume"] },
  { id: 7, title: "直播并发", more: statPages.liveConcurrencyStat.route, calls: ["liveOnline"] },
  { id: 8, title: "回放并发", more: statPages.replayConcurrencyStat.route, calls: ["replayOnline"] },
  { id: 9, title: "存储统计", more: statPages.storeStat.route, calls: ["storage"] },
  { id: 10, title: "昨日消费", calls: ["consume"] },
  { id: 11, title: "回放带宽", more: statPages.replayBandwidthStat.route, calls: ["vodBandwidth"] },
  { id: 12, title: "回放流量", calls: ["vodFlow"] },
  { id: 13, title: "存储统计（分类）", more: statPages.storeStatv2.route, calls: ["storageV2"] },
];

type StatCall = DashboardModule["calls"][number];

/**
 * The menu key (resources/kernel/menu.ts) a sub-admin must hold for a call; the main admin holds every
 * key, and a call not listed is any admin's. The account's money and what it is billed on are
 * the account's (3 §2.3): the balance, the stored and the delivered gigabytes of its overview's
 * storage and vod panels need 账户概览, and its cost records 消费记录. Live figures, concurrency
 * and bandwidth are how the teaching went and stay open to every admin. The balance call itself
 * is the shell's (its top bar shows it to every admin, 1 §2.2); here it decides 账户概况 only.
 */
export const statCallKeys: Partial<Record<StatCall, string>> = {
  balance: overviewMenuKey,
  storage: overviewMenuKey,
  storageV2: overviewMenuKey,
  vodFlow: overviewMenuKey,
  todayConsume: "costrecord",
  consume: "costrecord",
};

/** The menu keys a module needs: those of every call it makes. */
export const moduleKeys = (module: DashboardModule): string[] => [
  ...new Set(module.calls.flatMap((call) => statCallKeys[call] ?? [])),
];

/** Whether an admin holding `held` may see a module (and make its calls). */
export const mayShowModule = (module: DashboardModule, held: ReadonlySet<string>): boolean => moduleKeys(module).every((key) => held.has(key));

/** Shown when the organisation saved no list, and when loading the list fails (1 §2.3, §8). */
export const DEFAULT_MODULES: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** The dashboard charts cover the last 29 days through today (1 §7, §9). */
export const DASHBOARD_RANGE_DAYS = 29;

// Date ranges (3 §5, §9).

export const DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm:ss";
const DAY_MS = 86_400_000;

export interface RangeLimit {
  maxDays: number;
  /** Refusal of a longer range. */
  tooLong: string;
  /** Refusal of a missing begin or end. */
  missing: string;
}

export const MISSING_RANGE = "请选择查询日期";
export const RANGE_ORDER = "开始日期不能晚于结束日期";
export const BAD_DATE = "查询日期格式应为YYYY-MM-DD HH:mm:ss";

/** Concurrency, storage, bandwidth and traffic charts. */
export const STAT_RANGE: RangeLimit = { maxDays: 31, tooLong: "最多请求31天数据", missing: MISSING_RANGE };
/** Consumption records (80352e5 ms on the account side). */
export const CONSUME_RANGE: RangeLimit = { maxDays: 93, tooLong: "最多查询3个月数据", missing: MISSING_RANGE };

/** A chart never gets more points than this; finer data is reduced to maxima per bucket. */
export const MAX_CHART_POINTS = 1000;
/** Up to this span a concurrency chart shows minute buckets; beyond it, one maximum per day. */
export const MINUTE_SERIES_MAX_DAYS = 2;

/** 'YYYY-MM-DD HH:mm:ss' in local time → epoch ms; null when it is not a real date and time. */
export function parseDateTime(text: string | undefined | null): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? "");
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number);
  const date = new Date(y, mo - 1, d, h, mi, s);
  const same =
    date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d &&
    date.getHours() === h && date.getMinutes() === mi && date.getSeconds() === s;
  return same ? date.getTime() : null;
}

/**
 * Why a range is refused, in the words the pages show, or null when it is fine. The span is
 * measured in milliseconds as the pages measure it: '05-01 00:00:00' to '06-01 00:00:00' is 31 days.
 */
export function rangeProblem(begindate: string | undefined, enddate: string | undefined, limit: RangeLimit): string | null {
  if (!begindate || !enddate) return limit.missing;
  const begin = parseDateTime(begindate);
  const end = parseDateTime(enddate);
  if (begin === null || end === null) return BAD_DATE;
  if (begin > end) return RANGE_ORDER;
  if (end - begin > limit.maxDays * DAY_MS) return limit.tooLong;
  return null;
}

// Consumption (3 §3, §9).

/** 3 §9's cost consume types by Lectern's names: 1 live, 2 replay, 30 smart academic affairs (smart), 31 SMS notice (sms), 32 voice reminder (voicesms). */
export const consumeTypes = ["live", "replay", "bandwidth", "oss", "convert", "sms", "voicesms", "smart"] as const;
export type ConsumeType = (typeof consumeTypes)[number];
/** The `type` filter of the consumption query; "all" is every type. */
export const consumeQueryTypes = ["all", ...consumeTypes] as const;

export const consumeTypeLabels: Record<ConsumeType | "all", string> = {
  all: "全部",
  live: "直播",
  replay: "回放",
  bandwidth: "点播",
  oss: "存储",
  convert: "转码",
  sms: "短信通知",
  voicesms: "语音提醒",
  smart: "智能教务",
};

/** The unit of `consumevalue` per type: peak concurrency, peak bandwidth, stored GB, minutes, messages. */
export const consumeUnits: Record<ConsumeType, string> = {
  live: "人",
  replay: "人",
  bandwidth: "Mbps",
  oss: "GB",
  convert: "分钟",
  sms: "条",
  voicesms: "分钟",
  smart: "年",
};

export const CONSUME_MAX_COUNT = 1000;

// Storage kinds of the v2 chart.

export const storageKinds = ["vod", "doc", "cloud"] as const;
export type StorageKind = (typeof storageKinds)[number];
export const storageKindLabels: Record<StorageKind, string> = { vod: "音视频", doc: "课件文档", cloud: "云盘文件" };

// Units (3 §9).

export const BYTES_PER_GB = 1024 ** 3;

/** Bytes → GB with 2 decimals (bytes / 1024³), the unit of every storage and traffic figure. */
export const bytesToGB = (bytes: number): number => Math.round((bytes / BYTES_PER_GB) * 100) / 100;
export const formatGB = (bytes: number): string => `${bytesToGB(bytes).toFixed(2)}GB`;
/** Bits per second → Mbps (network megabits are 10⁶ bits) with 2 decimals. */
export const bpsToMbps = (bps: number): number => Math.round(bps / 10_000) / 100;
export const formatMbps = (mbps: number): string => `${mbps.toFixed(2)}Mbps`;
