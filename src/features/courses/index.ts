// What other features may use of the courses feature (the walls of eslint.config.js): the
// enrolment import, which a live's students reuse (2 §2: a live's students as a course's).
export { EnrolPanel, type EnrolPanelProps } from "./enrol/enrol-panel";
export { courseEnrol, mobileProblem, type EnrolRow } from "./enrol/enrol-rows";
