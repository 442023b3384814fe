import { defineResource } from "../kernel/define";
import { payWayLabels, rechargeApi } from "./recharge";

/**
 * /rechargerecord (3 §7.3): the organisation's paid recharges, newest first, searched by the day
 * range they were made in (rechargesearch's begints and endts, whole days), in pages of 20, 50 or
 * 100 (2 §9). List-only; the calls are the billing feature's (resources/billing/calls.ts).
 */
export default defineResource({
  name: "rechargeRecord",
  noun: "充值记录",
  title: "充值记录",
  route: "/rechargerecord",
  menu: { group: "account", key: "rechargerecord" },
  api: { list: rechargeApi.records, search: rechargeApi.search },
  id: "Id",
  label: "Id",
  columns: [
    { field: "Id", title: "编号", width: 90 },
    { field: "CreateTime", title: "充值时间", format: "datetime", width: 180 },
    { field: "Fee", title: "充值金额", format: "yuan", width: 160 },
    { field: "Way", title: "支付方式", format: "enum", options: payWayLabels },
  ],
  filters: [{ kind: "dateRange", params: ["begints", "endts"], label: "充值时间", wholeDays: true }],
  actions: [],
  forms: {},
  emptyText: "暂无充值记录",
  pageSizes: [20, 50, 100],
});
