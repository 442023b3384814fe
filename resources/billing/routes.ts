import { adminRoutes } from "../kernel/route";

/** The account's pages (3 §2.3, §2.4, §2.7, §7.3). */
export const billingRoutes = adminRoutes({
  "/accountOverview": "账户概览",
  "/accountOverviewv2": "账户概览",
  "/recharge": "账户充值",
  "/rechargerecord": "充值记录",
  "/costrecord": "消费记录",
  "/costrecordv2": "消费明细",
  "/costrecordv3": "消费明细",
  "/groupCertification": "机构认证",
  "/smartTeaService": "智能提醒",
  "/pushDataOp": "数据推送",
  "/appidop": "AppId管理",
});
