import { ep } from "../kernel/endpoint";
import type { MonitoredLive } from "../lives/live-api";

/**
 * The live monitor's wire contract and enums (2 §3, §7, §9; 3 §7.4, §9): the lives in a window of
 * time around now with their viewers in the room, and a live's students with who is online. The
 * spec gives names and shapes, not paths; the paths are the endpoint catalogue's names (3 §7.8).
 */
export const monitorApi = {
  /** `{count, page, scale, ts}` → data (monitor rows), count. */
  lives: ep("GET /cms/livemonitor"),
  /** `{count, page, liveid, online, courseid}` → data {users, total, onlinenum, sharenum, title, count}. */
  students: ep("GET /cms/userlivestatus"),
} as const;

/** The menu keys of the monitor (kept with the lives', which its pages lead from) and the AI chat page (1 §3 智能监控, 氛围暖场). */
export { liveMonitorKey } from "../lives/live-api";
export const aichatKey = "aichat";

// The windows and class types of the monitors, shared with the chat monitor (resources/lives/live-labels.ts).
import { allScales } from "../lives/live-labels";
export { allScales, defaultMonitorWindow, monitorScaleLabels, monitorScales, monitorWindowLabels, monitorWindows } from "../lives/live-labels";

/** The online filter (2 §9: all -1, offline 0, online 1) and the status a student row carries (2 §3). */
export const onlineLabels: Readonly<Record<string, string>> = { "1": "在线", "0": "离线" };
export const allOnline = -1;

/** 2 §9: online time 0 seconds is labelled absent. */
export const absentLabel = "缺勤";

/** The session pickers' call (3 §7.4): every live of the 12 hours either side of now, of every type. */
export const todaySessionsQuery = { count: 1000, page: 1, scale: allScales, ts: 43200 } as const;

/** A monitor row (2 §3). */
export interface MonitorRow extends MonitoredLive {
  /** The people in the live's room now. */
  usernum: number;
}

/** A student status row (2 §3). */
export interface StudentStatusRow {
  userid: number;
  name: string;
  /** The nickname the student last entered the room with. */
  username: string;
  mobile: string;
  device: string;
  status: 0 | 1;
  onlinets: number;
}

export interface StudentStatus {
  users: StudentStatusRow[];
  total: number;
  onlinenum: number;
  sharenum: number;
  title: string;
  /** The students the online filter selects (the list's total). */
  count: number;
}

export const monitorMessages = {
  noLive: "直播",
  wrongCourse: "该直播不属于此课程",
} as const;
