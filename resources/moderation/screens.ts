import type { CallScreenDecl } from "../kernel/call-list";
import { defineResource } from "../kernel/define";
import live from "../lives/live";
import { chatMonitorKey } from "../lives/live-api";
import { liveTypeLabels } from "../lives/live-labels";
import { livePages } from "../lives/routes";
import { chatApi } from "../rooms/room-api";
import { defaultMonitorWindow, monitorScaleLabels, monitorWindowLabels } from "../lives/live-labels";
import { chatReviewTabs, moderationApi, moderationLimits } from "./moderation-api";

/**
 * /chatManager?liveId (2 §2, §4): a live's chat in three tabs by review state, 10 to 50 a page,
 * each with 刷新, the unreviewed tab read again every 10 s. Rows can be chosen for 通过, 禁止 and
 * 撤回; the actions, the reply dialog and the keyboard flow are the moderation area's parts
 * (src/features/moderation), which read the tab from `type`.
 */
export const chatManager: CallScreenDecl = {
  route: livePages.chatManager.route,
  title: livePages.chatManager.title,
  menuKey: [live.menu.key, chatMonitorKey],
  fromAddress: { liveid: { param: "liveId", missing: "缺少直播编号，请从直播列表或聊天监控进入" } },
  tabs: { param: "type", items: chatReviewTabs.map((tab) => (tab.value === 0 ? { ...tab, refreshMs: moderationLimits.refreshMs } : tab)) },
  list: {
    call: chatApi.list,
    rows: "historymsg",
    paging: { page: "page", size: "count", total: "total" },
    sends: ["liveid", "type"],
    rowKey: "id",
    columns: [
      { field: "name", title: "发言人", width: 160, ellipsis: true },
      // The message's text inside its JSON (2 §3), shown as text whatever it holds.
      { field: "msg.content.txt", title: "聊天内容", keepLines: true },
      { field: "time", title: "发言时间", width: 180, nowrap: true },
    ],
    empty: "暂无聊天",
    refresh: true,
    select: true,
    actions: ["chatActions"],
    toolbar: ["chatReview"],
  },
};

/**
 * /chatMonitor (2 §2, §9): the organisation's lives within the chosen window either side of now
 * (4 hours unless chosen), of one class type or all, each with its messages waiting for review,
 * read again every 10 s; 聊天控制 opens the live's /chatManager.
 */
export const chatMonitor = defineResource({
  name: chatMonitorKey,
  noun: "直播",
  title: "聊天监控",
  // The route of the menu key, as /chatManager names it (`within`).
  route: `/${chatMonitorKey}`,
  menu: { group: "monitor", key: chatMonitorKey },
  api: { list: moderationApi.monitor },
  id: "id",
  label: "title",
  columns: [
    { field: "id", title: "直播ID", width: 90 },
    { field: "title", title: "直播名称", ellipsis: true },
    { field: "livetype", title: "班型", format: "enum", options: liveTypeLabels, width: 120 },
    { field: "begintime", title: "直播时间", format: "range", to: "endtime", sameDayShort: true, nowrap: true },
    { field: "unreviewed", title: "待审核", width: 90 },
  ],
  filters: [
    { kind: "enum", param: "scale", label: "班型", options: monitorScaleLabels },
    { kind: "enum", param: "ts", label: "监控范围", options: monitorWindowLabels, placeholder: monitorWindowLabels[String(defaultMonitorWindow)] },
  ],
  actions: ["chatControl"],
  links: { chatControl: { label: "聊天控制", to: `${livePages.chatManager.route}?liveId={id}` } },
  forms: {},
  emptyText: "监控范围内暂无直播",
  refreshSeconds: moderationLimits.refreshMs / 1000,
});
