import { defineResource, type ResourceDecl } from "../kernel/define";
import { consumeTypeLabels, consumeUnits, statsApi } from "../stats/stats";
import { overviewMenuKey } from "./alerts";
import { billingPages } from "./routes";

/** The type filter's choices: every type, each type, and 合计 (one row a day, every type's cost summed). */
const typeChoices = { ...consumeTypeLabels, total: "合计" };

/**
 * The consumption records (3 §2.3, §4, §7.2): a day's use and cost of each type, newest first, by
 * type and date-time range (the last 7 days unless picked, at most 3 months: 最多查询3个月数据),
 * with how each was billed. Served by the consume call the dashboard reads; list-only.
 */
const costRecordList = {
  noun: "消费记录",
  api: { list: statsApi.consume },
  id: "Id",
  label: "recorddate",
  columns: [
    { field: "recorddate", title: "日期", width: 120 },
    { field: "consumetype", title: "类型", format: "enum", options: typeChoices, width: 100 },
    { field: "consumevalue", title: "用量", unitBy: { field: "consumetype", units: consumeUnits }, width: 140 },
    { field: "consumecost", title: "金额", format: "yuan", width: 140 },
    { field: "billing", title: "计费方式" },
  ],
  filters: [
    { kind: "enum", param: "type", label: "类型", options: typeChoices },
    { kind: "dateTimeRange", params: ["begindate", "enddate"], label: "时间", lastDays: 7 },
  ],
  actions: [],
  forms: {},
  emptyText: "所选时间内没有消费记录",
  pageSizes: [20, 50, 100],
  // 3 §4: 合计 sums every type a day, 100 days a page.
  pageSizeWhen: { param: "type", value: "total", size: 100 },
  export: { sheet: "消费记录", file: "消费记录" },
} satisfies Omit<ResourceDecl, "name" | "title" | "route" | "menu">;

/** /costrecord: 消费记录. */
export const costRecord = defineResource({ ...costRecordList, name: "costRecord", title: "消费记录", route: "/costrecord", menu: { group: "account", key: "costrecord", alsoFor: [overviewMenuKey] } });

/** /costrecordv2?type: 消费明细, opened from the account overview's panels with their type (whose panels read the same call). */
export const costRecordV2 = defineResource({
  ...costRecordList,
  name: "costRecordV2",
  title: "消费明细",
  route: "/costrecordv2",
  menu: { group: "account", key: "costrecordv2", alsoFor: [overviewMenuKey] },
  // 3 §2.3: opened from a panel with its type, it leads back to the overview.
  backWhen: { param: "type", label: "返回", to: billingPages.accountOverview.route },
});

/** /costrecordv3: the same records, reached from /costrecordv2 (its menu key). */
export const costRecordV3 = defineResource({ ...costRecordList, name: "costRecordV3", title: "消费明细", route: "/costrecordv3", menu: costRecordV2.menu });
