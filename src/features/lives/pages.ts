import { lazy } from "react";
import live, { liveCourseRoute, subLiveRoute } from "../../../resources/lives/live";
import type { PageMap } from "../../engine/registry";

/** The live lists (issue 10, 2 §2): /liveop, a course's lives, a main classroom's sub-classes. */
export const livePages: PageMap = {
  [live.route]: lazy(() => import("./live-list-page").then((m) => ({ default: m.LiveListPage }))),
  [liveCourseRoute]: lazy(() => import("./live-course-page").then((m) => ({ default: m.LiveCoursePage }))),
  [subLiveRoute]: lazy(() => import("./sub-lives/sub-live-page").then((m) => ({ default: m.SubLivePage }))),
};
