import { adminPages } from "../kernel/route";

/** /recharge, declared as a full-page form (resources/billing/forms.ts). */
export const rechargePage = { route: "/recharge", title: "账户充值" } as const;

/** The account overview (3 §2.3): a dashboard page (src/features/billing) over declared parts. */
export const billingPages = adminPages({
  accountOverview: "账户概览",
  accountOverviewv2: { title: "账户概览", within: ["/accountOverview"] },
});

export const billingRoutes = Object.values(billingPages);
