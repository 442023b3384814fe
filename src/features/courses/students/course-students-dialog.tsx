import { addedPane, unaddedPane } from "./pane-kinds";
import { StudentPanesDialog } from "./student-panes-dialog";
import type { CourseRef } from "./use-shown-course";

export type { CourseRef } from "./use-shown-course";

const coursePanes: [typeof unaddedPane, typeof addedPane] = [unaddedPane, addedPane];

/** 学员管理 of one course (1 §2.5). Open while `course` is set. */
export function CourseStudentsDialog({ course, onClose }: { course: CourseRef | null; onClose: () => void }) {
  return <StudentPanesDialog owner={course} title="学员管理" panes={coursePanes} onClose={onClose} />;
}
