import { access, defineCalls } from "../kernel/call";
import { liveCourseKeys } from "../lives/live-api";
import { liveStatsApi, liveUserDataKey } from "./live-stats-api";

// /liveStat is a row action of the live lists: liveop, or courseop for a course's lives.
const stats = { query: "live-stat.query", access: access.menu(liveCourseKeys), limits: ["liveStatsPerPerson"] } as const;
// The listening data and the attendance report are the liveUserData permission's (1 §3 more settings).
const data = { access: access.menu([liveUserDataKey]), limits: ["liveStatsPerPerson"] } as const;

/**
 * A live's statistics (3 §2.2 /liveStat, §7.4b) and listening data (/exportLiveUserDataShowData,
 * 2 §3 viewer log), and the attendance report (issue 20 item 10). Declared calls rather than a
 * table: every answer is an aggregate of the room's visits (server/services/live-stats/).
 */
export const liveStatsCalls = defineCalls("liveStats", {
  device: { endpoint: liveStatsApi.device, ...stats, summary: "The live's viewers by device: {pc_usernum, android_usernum, ios_usernum, ipad_usernum, h5_usernum, total_usernum}" },
  internal: { endpoint: liveStatsApi.internal, ...stats, summary: "The live's distinct viewers, distinct addresses and total watch seconds: {UV, IP, TL}" },
  concurrency: {
    endpoint: liveStatsApi.concurrency,
    ...stats,
    summary: "People in the live room per minute, the most of each point's minutes, at most about 1000 points: {concurrency_usernum, concurrency_datetime}",
  },
  liveData: {
    endpoint: liveStatsApi.liveData,
    ...data,
    query: "live-data.query",
    summary: "The live's viewer log (mode detail: one row a visit) or its viewers (summary): content {total, page, limit, resultset}",
  },
  replayData: { endpoint: liveStatsApi.replayData, ...data, query: "live-data.query", summary: "The same of the live's playback: content {total, page, limit, resultset}" },
  liveAttendance: {
    endpoint: liveStatsApi.liveAttendance,
    ...data,
    query: "live-attendance.query",
    summary: "Each viewer of the live: joins, leaves, seconds present and whether that is at least `ratio` % of the live: {total, live, resultset}",
  },
  courseAttendance: {
    endpoint: liveStatsApi.courseAttendance,
    ...data,
    query: "course-attendance.query",
    summary: "Each viewer over the begun lives of the course of live `liveid`: lives attended (at least `ratio` % each) of all, seconds present: {total, lives, resultset}",
  },
});
