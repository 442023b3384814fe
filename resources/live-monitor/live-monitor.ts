import { defineResource, type ColumnDecl, type FilterDecl } from "../kernel/define";
import { opening } from "../kernel/row-actions";
import { liveTypeLabels } from "../lives/live-labels";
import { livePages } from "../lives/routes";
import { toolPages } from "../tools/tools";
import { absentLabel, aichatKey, liveMonitorKey, monitorApi, monitorScaleLabels, monitorWindowLabels, defaultMonitorWindow, onlineLabels } from "./monitor-api";

/** The monitor's refresh (2 §9: monitor and attendance every 10 s). */
const refreshSeconds = 10;

const monitorColumns: ColumnDecl[] = [
  { field: "id", title: "直播ID", width: 90 },
  { field: "title", title: "直播名称", ellipsis: true },
  { field: "begintime", title: "直播时间", format: "range", to: "endtime", sameDayShort: true, nowrap: true },
  { field: "livetype", title: "班型", format: "enum", options: liveTypeLabels, width: 120 },
  { field: "usernum", title: "当前人数", width: 100 },
];

const monitorFilters: FilterDecl[] = [
  { kind: "enum", param: "scale", label: "班型", options: monitorScaleLabels },
  { kind: "enum", param: "ts", label: "监控范围", options: monitorWindowLabels, placeholder: monitorWindowLabels[String(defaultMonitorWindow)] },
];

/**
 * A live's students and who is online (2 §2 /userLiveStatus, §3 student status row): drawn on the
 * monitor's list page for one live (`listPages` below), read again every 10 s with its totals.
 */
export const userLiveStatus = defineResource({
  name: "userLiveStatus",
  noun: "学生",
  title: livePages.userLiveStatus.title,
  route: livePages.userLiveStatus.route,
  // A page of the monitor's (its list page below), not a list page of its own.
  inPage: true,
  menu: { group: "monitor", key: liveMonitorKey },
  api: { list: monitorApi.students },
  listShape: { rows: "users", total: "count" },
  id: "userid",
  label: "name",
  columns: [
    { field: "name", title: "姓名" },
    { field: "username", title: "房间昵称" },
    { field: "mobile", title: "手机号" },
    { field: "device", title: "设备" },
    { field: "status", title: "在线状态", format: "enum", options: onlineLabels, colors: { "1": "green", "0": "default" } },
    { field: "onlinets", title: "在线时长", format: "duration", instead: { field: "onlinets", values: [0], text: absentLabel } },
  ],
  filters: [{ kind: "enum", param: "online", label: "在线状态", options: onlineLabels }],
  summary: [
    { field: "total", label: "学生总数" },
    { field: "onlinenum", label: "在线人数" },
    { field: "sharenum", label: "分享观看人数" },
  ],
  refreshSeconds,
  actions: [],
  forms: {},
  unit: "人",
  emptyTexts: { none: "该课程还没有学生", searched: "没有符合条件的学生" },
});

/**
 * The live monitor (2 §2 /liveMonitor, §7, §9): the lives within a window either side of now, of
 * one class type, with the people in each room now, read again every 10 s; a row opens its
 * students' online status and its teacher's time machine.
 */
export const liveMonitor = defineResource({
  name: "monitorLives",
  noun: "直播",
  title: livePages.liveMonitor.title,
  route: livePages.liveMonitor.route,
  menu: { group: "monitor", key: liveMonitorKey },
  api: { list: monitorApi.lives },
  // /aichat picks one of today's sessions from these rows (3 §7.4).
  readableWith: [aichatKey],
  id: "id",
  label: "title",
  columns: monitorColumns,
  filters: monitorFilters,
  refreshSeconds,
  actions: [],
  rowActions: [
    opening(livePages.userLiveStatus, { name: "status", inline: true, query: "liveId={id}&courseId={courseid}" }),
    opening(livePages.teaTimeMachine, { name: "timeMachine", inline: true, query: "liveId={id}" }),
  ],
  actionsWidth: 200,
  forms: {},
  emptyText: "监控范围内没有直播",
  listPages: [
    {
      route: livePages.userLiveStatus.route,
      title: livePages.userLiveStatus.title,
      decl: userLiveStatus,
      params: ["liveId", "courseId"],
      missing: { title: "未指定直播", subTitle: "请从直播监控进入学生在线状态", back: { label: "返回直播监控", to: livePages.liveMonitor.route } },
      // The title is the live's, from the same call with the smallest page (a holder of the monitor's key alone may read it).
      about: { call: monitorApi.students, query: { liveid: "{liveId}", courseid: "{courseId}", page: "1", count: "1" }, title: `${livePages.userLiveStatus.title} - {title}` },
      call: { list: monitorApi.students, params: { liveid: "{liveId}", courseid: "{courseId}" } },
      buttons: [{ label: "返回", icon: "back", toList: livePages.liveMonitor.route }],
    },
  ],
});

/**
 * The stream review's sessions (3 §2.4 /streamRecBySelect): the lives around now with the
 * monitor's filters, each row's 查看内审外宣 opening the stream-record tool for it (/streamRec?id).
 */
export const streamRecSessions = defineResource({
  name: "streamRecSessions",
  noun: "直播",
  title: livePages.streamRecBySelect.title,
  route: livePages.streamRecBySelect.route,
  menu: { group: "review", key: toolPages.streamRec.menuKey },
  api: { list: monitorApi.lives },
  id: "id",
  label: "title",
  columns: monitorColumns.filter((column) => column.field !== "usernum"),
  filters: monitorFilters,
  actions: [],
  rowActions: [{ name: "streamRec", label: "查看内审外宣", inline: true, route: `${toolPages.streamRec.route}?id={id}` }],
  forms: {},
  emptyText: "监控范围内没有直播",
});
