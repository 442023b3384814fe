import { lazy } from "react";
import { dashboardModules } from "../../../resources/stats/stats";
import type { PageMap } from "../../engine/registry";
import { isChartKey } from "./chart-specs";

const DashboardPage = lazy(() => import("./dashboard/dashboard-page").then((m) => ({ default: m.DashboardPage })));

/** Each chart module's 'more' link leads to its statistics page (1 §2.3, 3 §2.2). */
const statRoutes: PageMap = Object.fromEntries(
  dashboardModules.flatMap((module) => {
    const [chart] = module.calls;
    if (!module.more || !isChartKey(chart)) return [];
    return [[module.more, lazy(() => import("./stat-page").then((m) => ({ default: m.statPageOf(module, chart) })))]];
  }),
);

/** The admin home dashboard and the statistics pages, by route. */
export const statPages: PageMap = { "/": DashboardPage, ...statRoutes };
