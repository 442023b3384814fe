import course from "../course";
import { definePicker } from "../kernel/picker";
import { studentPickerRows } from "../student";

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
      title: "未添加学员",
      api: { list: api.unaddedStudents, search: api.unaddedStudentsSearch },
      ownerParam: "id",
      action: { label: "添加", endpoint: api.addStudent, ownerParam: "courseid", doneText: "添加成功" },
      emptyText: "没有未添加的学员",
    },
    {
      title: "已添加学员",
      api: { list: api.students, search: api.studentsSearch },
      ownerParam: "courseid",
      action: { label: "移除", endpoint: api.removeStudent, ownerParam: "courseid", doneText: "删除成功", confirm: "确定将学员「{names}」移出本课程吗？" },
      emptyText: "还没有添加学员",
      countsSeats: true,
    },
  ],
});
