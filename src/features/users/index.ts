/** What other areas place in their screens: the /studentop toolbar's batch import. */
export { StudentImportButton } from "./student-import/student-import-button";
