import { lazy } from "react";
import { billingPages } from "../../../resources/billing/routes";
import type { PageMap } from "../../engine/registry";

const AccountOverviewPage = lazy(() => import("./overview/overview-page").then((m) => ({ default: m.AccountOverviewPage })));

/** The account overview, a dashboard (3 §2.3): its panels are bespoke, its threshold and recipients declared. */
export const billingBespokePages: PageMap = {
  [billingPages.accountOverview.route]: AccountOverviewPage,
  [billingPages.accountOverviewv2.route]: AccountOverviewPage,
};
