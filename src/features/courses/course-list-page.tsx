import type { BaseRecord } from "@refinedev/core";
import { Button } from "antd";
import { lazy, Suspense, useCallback, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import course, { courseSeats } from "../../../resources/courses/course";
import { fillRoute } from "../../engine/cells";
import { ResourceList } from "../../engine/resource-list";
import type { BespokeRowActions } from "../../engine/row-actions";
import { courseFormWidgets } from "./course-form-widgets";
import type { CourseRef } from "./students/use-shown-course";

// Each dialog loads with its own chunk the first time it is opened.
const CourseStudentsDialog = lazy(() => import("./students/course-students-dialog").then((m) => ({ default: m.CourseStudentsDialog })));
const CourseEnrolDialog = lazy(() => import("./enrol/course-enrol-dialog").then((m) => ({ default: m.CourseEnrolDialog })));

const refOf = (row: BaseRecord): CourseRef => ({
  id: Number(row[course.id]),
  title: String(row[course.label] ?? ""),
  seats: courseSeats(Number(row.Type), Number(row.MaxUserNum)),
});

/** A dialog open for one course; mounted from its first opening on, so it can animate closed. */
function useCourseDialog() {
  const [shown, setShown] = useState<CourseRef | null>(null);
  const [used, setUsed] = useState(false);
  const open = useCallback((ref: CourseRef) => {
    setUsed(true);
    setShown(ref);
  }, []);
  const close = useCallback(() => setShown(null), []);
  return { shown, used, open, close };
}

/**
 * /courseop (1 §2.5): the generated course list (filters, expandable rows, create and edit
 * dialogs from resources/courses/course.ts and schemas/course.*) with the course's own row actions:
 * 直播管理 opens its lives, 学员管理 and 批量导入 their dialogs.
 */
export function CourseListPage() {
  const navigate = useNavigate();
  const students = useCourseDialog();
  const enrol = useCourseDialog();
  const { open: openStudents } = students;
  const { open: openEnrol } = enrol;

  const rowActions = useMemo<BespokeRowActions>(() => {
    const link = (label: string, onClick: () => void) => (
      <Button type="link" size="small" onClick={onClick}>
        {label}
      </Button>
    );
    return {
      lives: (row) => link("直播管理", () => navigate(fillRoute(course.lives, row))),
      students: (row) => link("学员管理", () => openStudents(refOf(row))),
      enrol: (row) => link("批量导入", () => openEnrol(refOf(row))),
    };
  }, [navigate, openStudents, openEnrol]);

  return (
    <ResourceList decl={course} rowActions={rowActions} widgets={courseFormWidgets}>
      <Suspense fallback={null}>
        {students.used && <CourseStudentsDialog course={students.shown} onClose={students.close} />}
        {enrol.used && <CourseEnrolDialog course={enrol.shown} onClose={enrol.close} />}
      </Suspense>
    </ResourceList>
  );
}
