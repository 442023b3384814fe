import course from "./course";
import { definePicker } from "../kernel/picker";
import { studentPaneWords as words, studentPickerRows } from "../users/student";

const api = course.extra;

/** 学员管理 of a course (1 §2.5): the organisation's students not in it, and its own. */
export default definePicker({
  name: "course-students",
  title: "学员管理",
  menu: course.menu,
  ...studentPickerRows,
  columns: [...studentPickerRows.columns],
  panes: [
    {
      ...words.unadded,
      api: { list: api.unaddedStudents, search: api.unaddedStudentsSearch },
      ownerParam: "id",
      action: { ...words.unadded.action, endpoint: api.addStudent, ownerParam: "courseid" },
    },
    {
      ...words.added,
      api: { list: api.students, search: api.studentsSearch },
      ownerParam: "courseid",
      action: { ...words.added.action, endpoint: api.removeStudent, ownerParam: "courseid", confirm: "确定将学员「{names}」移出本课程吗？" },
    },
  ],
});
