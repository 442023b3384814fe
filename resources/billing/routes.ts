import { adminPages } from "../kernel/route";

/** /recharge, declared as a full-page form (resources/billing/forms.ts). */
export const rechargePage = { route: "/recharge", title: "账户充值" } as const;

/** The account's pages without a declaration of their own yet (3 §2.3, §2.4, §2.7). */
export const billingPages = adminPages({
  accountOverview: "账户概览",
  accountOverviewv2: { title: "账户概览", within: ["/accountOverview"] },
  groupCertification: "机构认证",
  smartTeaService: "智能提醒",
  appidop: "AppId管理",
});

export const billingRoutes = Object.values(billingPages);
