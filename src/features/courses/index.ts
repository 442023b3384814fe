// What other features may use of the courses feature (the walls of eslint.config.js): the student
// picker and the enrolment import, which a live's students reuse (2 §2: a live's students as a course's).
export { EnrolPanel, type EnrolPanelProps } from "./enrol/enrol-panel";
export { courseEnrol, mobileProblem, type EnrolRow } from "./enrol/enrol-rows";
export { useShownCourse, type CourseRef } from "./students/use-shown-course";
export { addedPane, unaddedPane, panePageSize, type PaneKind, type PickerStudent } from "./students/pane-kinds";
export { StudentPanesDialog, type StudentPanesDialogProps } from "./students/student-panes-dialog";
