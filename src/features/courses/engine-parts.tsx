import type { BaseRecord } from "@refinedev/core";
import { lazy, useMemo } from "react";
import course, { courseSeats } from "../../../resources/courses/course";
import coursePicker from "../../../resources/courses/student-picker";
import type { EngineRegistry } from "../../engine/registry";
import type { RowDialogProps } from "../../engine/row-action-parts";
import type { DialogOwner } from "../../engine/use-shown-owner";
import { courseFormWidgets } from "./course-form-widgets";

/** A course row as its dialogs name it: id, title and, for a class of fixed size, its seats. */
const ownerOf = (row: BaseRecord): DialogOwner => ({
  id: Number(row[course.id]),
  title: String(row[course.label] ?? ""),
  seats: courseSeats(Number(row.Type), Number(row.MaxUserNum)),
});

/** The row as the dialog's owner, kept while the row is (the dialog follows the one it was opened on). */
const useOwner = (row: BaseRecord | null) => useMemo(() => row && ownerOf(row), [row]);

// Each dialog loads with its own chunk the first time it is opened.
const TwoPanePicker = lazy(() => import("../../engine/two-pane-picker").then((m) => ({ default: m.TwoPanePicker })));
const CourseEnrolDialog = lazy(() => import("./enrol/course-enrol-dialog").then((m) => ({ default: m.CourseEnrolDialog })));

/**
 * What the courses area lends the generated /courseop (resources/courses/course.ts, 1 §2.5): the create and
 * edit forms' type and maximum-users widgets, and the row actions 学员管理 (the declared two-pane
 * picker, resources/courses/student-picker.ts) and 批量导入 (students by mobile from a sheet).
 */
export const courseEngineParts: Partial<EngineRegistry> = {
  widgets: courseFormWidgets,
  rowActions: {
    courseStudents: {
      label: "学员管理",
      dialog: function CourseStudents({ row, onClose }: RowDialogProps) {
        return <TwoPanePicker picker={coursePicker} owner={useOwner(row)} onClose={onClose} />;
      },
    },
    courseEnrol: {
      label: "批量导入",
      dialog: function CourseEnrol({ row, onClose }: RowDialogProps) {
        return <CourseEnrolDialog course={useOwner(row)} onClose={onClose} />;
      },
    },
  },
};
