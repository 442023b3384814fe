import { ep } from "../kernel/endpoint";

/**
 * A live's statistics and listening data (3 §2.2, §3 stat content, §7.4b; 2 §3 viewer log),
 * answered from the built-in room's records (room_visits, attendance). Written once: the
 * console draws from it, the server answers and enforces from it.
 */
export const liveStatsApi = {
  /** `{roomid}` → LiveDeviceStat: the live's viewers by device. */
  device: ep("GET /openapi/live_device_stat", "liveStatistics"),
  /** `{roomid}` → LiveInternalStat: UV, independent IPs, total watch time. */
  internal: ep("GET /openapi/live_internal_stat", "liveStatistics"),
  /** `{roomid}` → LiveConcurrencyDataset: people present per minute, at most about 1000 points. */
  concurrency: ep("GET /openapi/live_concurency_dataset", "liveStatistics"),
  /** `{liveid, mode, page, limit, after?}` → `content {total, page, limit, resultset}`: the live's viewer log (after visit `after`: keyset pages), or one row a viewer. */
  liveData: ep("GET /admin/statistic", "liveValidator"),
  /** The same of the live's playback. */
  replayData: ep("GET /admin/statistic/replay", "liveValidator"),
  /** `{liveid, ratio, page, limit}` → `{total, live, resultset: AttendanceRow[]}`: each viewer's presence against the live's length. */
  liveAttendance: ep("GET /cms/liveattendance"),
  /** `{liveid, ratio, page, limit}` → `{total, lives, resultset: CourseAttendanceRow[]}`: each viewer over all the lives of the live's course. */
  courseAttendance: ep("GET /cms/courseattendance"),
} as const;

/** 3 §3 stat content, the device half. `total_usernum` is the viewers of the live (a viewer seen on two devices counts in both). */
export interface LiveDeviceStat {
  pc_usernum: number;
  android_usernum: number;
  ios_usernum: number;
  ipad_usernum: number;
  h5_usernum: number;
  total_usernum: number;
}

/** 3 §3: UV (distinct viewers), IP (distinct addresses), TL (total watch time, seconds). */
export interface LiveInternalStat {
  UV: number;
  IP: number;
  TL: number;
}

/** 3 §3 dataset: the two series side by side, 'YYYY-MM-DD HH:mm:ss' the start of each point's minutes. */
export interface LiveConcurrencyDataset {
  concurrency_usernum: number[];
  concurrency_datetime: string[];
}

/** The devices a room entry is counted under (3 §3), in the pie's order, with their labels. */
export const deviceLabels = { pc: "PC", android: "Android", ios: "iOS", ipad: "iPad", h5: "H5" } as const;
export type DeviceKind = keyof typeof deviceLabels;

/** The points a concurrency line is cut down to (3 §9: about 1000). */
export const concurrencyPoints = 1000;

/** The share of a live a viewer must be present for to count as attended (issue 20 item 10), by default. */
export const defaultAttendanceRatio = 80;

/** The modes of a listening-data call: each visit (2 §3 viewer log), or one row a viewer. */
export const dataModes = ["detail", "summary"] as const;
export type DataMode = (typeof dataModes)[number];

/** Rows a listening-data page may hold: the table's pages, and the export's reads of 5000. */
export const dataPageMax = 5000;

/**
 * The viewer log's export reads pages of 2500 after its last row (keyset pages cost the same
 * however deep): the browser parses each answer in one task of the page's thread, kept short
 * (issue 20: none over 100 ms).
 */
export const keysetPageSize = 2500;

/**
 * The device a room entry is counted under, from its browser's user agent: an iPad (iPadOS asks
 * for the desktop site, so also a Macintosh with touch points the page reports), an iPhone or iPod,
 * an Android; the room's phone layout (`h5`) or another mobile browser is h5; the rest pc.
 */
export function deviceOf(userAgent: string, h5: boolean): DeviceKind {
  if (/iPad/i.test(userAgent)) return "ipad";
  if (/iPhone|iPod/i.test(userAgent)) return "ios";
  if (/Android/i.test(userAgent)) return "android";
  if (h5 || /Mobile|HarmonyOS/i.test(userAgent)) return "h5";
  return "pc";
}

/** The extended permission the listening data needs (1 §3 更多设置, 2 §2 view listening data). */
export const liveUserDataKey = "liveUserData";

/** What the calls answer when the record named is not the organisation's. */
export const liveStatsMessages = {
  liveMissing: "直播不存在",
  /** An export's `after` naming no visit of the live (rows since deleted, or a forged cursor). */
  cursorMissing: "起始记录不存在，请重新导出",
} as const;

/** 2 §3 viewer log: one visit of the room. Times 'YYYY-MM-DD HH:mm:ss'; `outtime` empty while the visit is open; `duration` seconds. */
export interface ViewerLogRow {
  id: number;
  username: string;
  intime: string;
  outtime: string;
  duration: number;
  device: string;
  ip: string;
  userid: number;
  exparam: string;
}

/** One viewer of a live (or its playback), its visits together. */
export interface ViewerSummaryRow {
  viewer: string;
  username: string;
  userid: number;
  visits: number;
  firsttime: string;
  lasttime: string;
  duration: number;
}

/** One viewer of a live against its length: `attended` 1 when present at least `ratio` % of it. */
export interface AttendanceRow {
  viewer: string;
  username: string;
  userid: number;
  joins: number;
  /** Each visit as 'HH:mm:ss-HH:mm:ss' (a date before it when not the live's day), joined by '；'. */
  spans: string;
  firsttime: string;
  lasttime: string;
  duration: number;
  percent: number;
  attended: 0 | 1;
}

/** One viewer over a course's begun lives. */
export interface CourseAttendanceRow {
  viewer: string;
  username: string;
  userid: number;
  attended: number;
  lives: number;
  duration: number;
  percent: number;
}
