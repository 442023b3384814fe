import type { CallColumnDecl, CallListDecl, CallScreenDecl } from "../kernel/call-list";
import { checkStateLabels } from "../users/user-stats";
import { livePages } from "../lives/routes";
import { dataPageMax, defaultAttendanceRatio, deviceLabels, keysetPageSize, liveStatsApi, liveUserDataKey } from "./live-stats-api";

/**
 * An export reads up to 100,000 rows (issue 20: the listening data's performance budget), 5000 a
 * call; the viewer log by `after` its last row (keyset pages, schemas/live-stats/live-data.query),
 * keysetPageSize a call.
 */
const exported = (file: string, after?: "after") => (after ? { sheet: file, file, pageSize: keysetPageSize, max: 100_000, after } : { sheet: file, file, pageSize: dataPageMax, max: 100_000 });
const paging = { page: "page", size: "limit", total: "total" } as const;

/** The viewer-log columns of 2 §3: username, entry, exit, online duration, device, IP, user id, exparam. */
const logColumns: readonly CallColumnDecl[] = [
  { field: "username", title: "用户名", ellipsis: true },
  { field: "intime", title: "进入时间", format: "datetime", nowrap: true, width: 172 },
  { field: "outtime", title: "离开时间", format: "datetime", nowrap: true, width: 172 },
  { field: "duration", title: "在线时长", format: "duration" },
  { field: "device", title: "设备类型", format: "enum", options: deviceLabels },
  { field: "ip", title: "IP" },
  { field: "userid", title: "用户ID" },
  { field: "exparam", title: "自定义参数", ellipsis: true },
];

const summaryColumns: readonly CallColumnDecl[] = [
  { field: "username", title: "用户名", ellipsis: true },
  { field: "userid", title: "用户ID" },
  { field: "visits", title: "进入次数" },
  { field: "firsttime", title: "首次进入", format: "datetime", nowrap: true, width: 172 },
  { field: "lasttime", title: "最后离开", format: "datetime", nowrap: true, width: 172 },
  { field: "duration", title: "累计时长", format: "duration" },
];

const list = (call: CallListDecl["call"], columns: readonly CallColumnDecl[], rowKey: string, file: string): CallListDecl => ({
  call,
  rows: "resultset",
  paging,
  sends: ["liveid", "mode"],
  rowKey,
  columns,
  empty: "暂无听课数据",
  chooseColumns: true,
  // The viewer log (one row a visit, keyed by its id) pages after a visit; the viewers are computed whole.
  export: exported(file, rowKey === "id" ? "after" : undefined),
});

/** The share of the live a viewer must be present for, set on the tab (issue 20 item 10). */
const ratioInput = { param: "ratio", label: "出勤标准：在线时长达到直播时长的", min: 1, max: 100, initial: defaultAttendanceRatio, unit: "%" } as const;

const attendance: CallListDecl = {
  call: liveStatsApi.liveAttendance,
  rows: "resultset",
  paging,
  sends: ["liveid", "ratio"],
  rowKey: "viewer",
  columns: [
    { field: "username", title: "用户名", ellipsis: true },
    { field: "userid", title: "用户ID" },
    { field: "joins", title: "进入次数" },
    { field: "spans", title: "进出记录", ellipsis: true },
    { field: "duration", title: "在线时长", format: "duration" },
    { field: "percent", title: "在线比例(%)" },
    { field: "attended", title: "是否出勤", format: "enum", options: { 1: checkStateLabels.do, 0: checkStateLabels.undo }, colors: { 1: "green", 0: "red" } },
  ],
  empty: "暂无考勤数据",
  chooseColumns: true,
  inputs: [ratioInput],
  export: exported("直播考勤"),
};

const courseAttendance: CallListDecl = {
  ...attendance,
  call: liveStatsApi.courseAttendance,
  columns: [
    { field: "username", title: "用户名", ellipsis: true },
    { field: "userid", title: "用户ID" },
    { field: "attended", title: "出勤节数" },
    { field: "lives", title: "已开课节数" },
    { field: "percent", title: "出勤率(%)" },
    { field: "duration", title: "累计在线时长", format: "duration" },
  ],
  export: exported("课程考勤"),
};

/**
 * /exportLiveUserDataShowData?liveId&title (3 §2.2): the live's and its playback's viewer log and
 * viewers in four tabs, each with 列设置, row selection and 导出 (issue 20 item 7); then the
 * attendance report of the live and of its course (item 10), tabs of the same page since they read
 * the same visits under the same permission.
 */
export const listeningData: CallScreenDecl = {
  route: livePages.exportLiveUserDataShowData.route,
  title: livePages.exportLiveUserDataShowData.title,
  menuKey: liveUserDataKey,
  fromAddress: { liveid: { param: "liveId", missing: "请从直播列表打开听课数据" } },
  tabs: {
    param: "mode",
    items: [
      { key: "live", label: "直播明细", value: "detail", empty: "暂无直播听课记录", list: list(liveStatsApi.liveData, logColumns, "id", "直播明细") },
      { key: "liveSummary", label: "直播汇总", value: "summary", empty: "暂无直播听课记录", list: list(liveStatsApi.liveData, summaryColumns, "viewer", "直播汇总") },
      { key: "replay", label: "回放明细", value: "detail", empty: "暂无回放观看记录", list: list(liveStatsApi.replayData, logColumns, "id", "回放明细") },
      { key: "replaySummary", label: "回放汇总", value: "summary", empty: "暂无回放观看记录", list: list(liveStatsApi.replayData, summaryColumns, "viewer", "回放汇总") },
      { key: "attendance", label: "直播考勤", value: "", empty: "暂无考勤数据", list: attendance },
      { key: "courseAttendance", label: "课程考勤", value: "", empty: "暂无考勤数据", list: courseAttendance },
    ],
  },
  list: list(liveStatsApi.liveData, logColumns, "id", "直播明细"),
};
