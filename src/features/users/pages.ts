import { lazy } from "react";
import student from "../../../resources/users/student";
import teacher from "../../../resources/users/teacher";
import type { PageMap } from "../../engine/registry";

// The routes the lists' "view" action links to (the resources' `show`), without their query.
const routeOf = (show: string | undefined, name: string) => {
  if (!show) throw new Error(`resource "${name}" declares no detail route`);
  return show.split("?")[0];
};

/** User detail pages (teacher and student statistics), by route. */
export const userPages: PageMap = {
  [routeOf(teacher.show, teacher.name)]: lazy(() => import("./detail/teacher-info-page").then((m) => ({ default: m.TeacherInfoPage }))),
  [routeOf(student.show, student.name)]: lazy(() => import("./detail/student-info-page").then((m) => ({ default: m.StudentInfoPage }))),
};
