import { lazy } from "react";
import { livePages } from "../../../resources/lives/routes";
import type { PageMap } from "../../engine/registry";

const LiveStatPage = lazy(() => import("./live-stat-page").then((m) => ({ default: m.LiveStatPage })));

/** /liveStat, whose charts are bespoke (issue 20 item 6); the listening data is declared. */
export const liveStatsBespokePages: PageMap = { [livePages.liveStat.route]: LiveStatPage };
