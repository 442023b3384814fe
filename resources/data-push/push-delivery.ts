import { defineResource } from "../kernel/define";
import { pushConfigForm } from "./forms";
import { pushApi, pushEventLabels, pushMenuKey, pushMessages, pushStateLabels } from "./push-api";

/**
 * The webhook delivery log under /pushDataOp's form (issue 19 item 10): every delivery with its
 * event, address, status code, latency, tries and time, newest first; a row opens to its body and
 * last error; 重新推送 makes a new delivery of it after a confirmation. Its rows are the data-push
 * feature's call (resources/data-push/calls.ts), drawn by the engine's table in the page's panel.
 */
export const pushDelivery = defineResource({
  name: "pushDelivery",
  noun: "推送记录",
  title: "推送记录",
  // Drawn under /pushDataOp's form (its panel), not a list page of its own.
  route: pushConfigForm.route,
  menu: { group: "paas", key: pushMenuKey },
  api: { list: pushApi.deliveries },
  id: "Id",
  label: "Id",
  columns: [
    { field: "CreateTime", title: "时间", format: "datetime", width: 170 },
    { field: "Event", title: "事件", format: "enum", options: pushEventLabels, width: 140 },
    { field: "Url", title: "接口地址", ellipsis: true },
    { field: "State", title: "结果", format: "enum", options: pushStateLabels, colors: { done: "green", failed: "red", queued: "orange" }, width: 90 },
    { field: "StatusCode", title: "状态码", width: 80 },
    { field: "LatencyMs", title: "耗时(ms)", width: 90 },
    { field: "Attempts", title: "次数", width: 70 },
  ],
  filters: [{ kind: "enum", param: "event", label: "事件", options: pushEventLabels }],
  expand: [
    { field: "Body", title: "推送内容" },
    { field: "Error", title: "错误信息", hideEmpty: true },
  ],
  actions: [],
  rowActions: [
    // The replay is a call on the row after its confirmation, as a removal is; it removes nothing.
    { name: "replay", label: "重新推送", inline: true, confirm: pushMessages.replayConfirm, removes: pushApi.replay, done: pushMessages.replayed },
  ],
  forms: {},
  emptyText: "暂无推送记录",
  pageSizes: [20, 50, 100],
});
