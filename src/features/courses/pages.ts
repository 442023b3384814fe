import { lazy } from "react";
import course from "../../../resources/courses/course";
import type { PageMap } from "../../engine/registry";

/** Course management screens, by route: /courseop with the course's own row actions and form widgets. */
export const coursePages: PageMap = {
  [course.route]: lazy(() => import("./course-list-page").then((m) => ({ default: m.CourseListPage }))),
};
