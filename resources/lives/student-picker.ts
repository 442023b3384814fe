import { definePicker } from "../kernel/picker";
import live from "../live";
import { liveApi } from "../live-api";
import { studentPickerRows } from "../student";
import coursePicker from "../courses/student-picker";

/**
 * 添加学员 of a live (2 §2, §7): the course's picker over the live's calls. An added student joins the
 * live's course too, so the course's students are shown afresh; a removal leaves the course as it was.
 */
export default definePicker({
  name: "live-students",
  title: "添加学员",
  menu: live.menu,
  ...studentPickerRows,
  columns: [...studentPickerRows.columns],
  panes: [
    {
      title: "未添加学员",
      api: { list: liveApi.unaddedStudents, search: liveApi.unaddedStudentsSearch },
      ownerParam: "liveid",
      action: { label: "添加", endpoint: liveApi.addStudent, ownerParam: "liveid", doneText: "添加成功" },
      emptyText: "没有未添加的学员",
      touches: [live.name, coursePicker.name],
    },
    {
      title: "已添加学员",
      api: { list: liveApi.students, search: liveApi.studentsSearch },
      ownerParam: "liveid",
      action: { label: "移除", endpoint: liveApi.removeStudent, ownerParam: "liveid", doneText: "删除成功", confirm: "确定将学员「{names}」移出本直播吗？" },
      emptyText: "还没有添加学员",
      countsSeats: true,
      touches: [live.name],
    },
  ],
});
