import { definePicker } from "../kernel/picker";
import live from "./live";
import { liveApi } from "./live-api";
import { studentPaneWords as words, studentPickerRows } from "../users/student";
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
      ...words.unadded,
      api: { list: liveApi.unaddedStudents, search: liveApi.unaddedStudentsSearch },
      ownerParam: "liveid",
      action: { ...words.unadded.action, endpoint: liveApi.addStudent, ownerParam: "liveid" },
      touches: [live.name, coursePicker.name],
    },
    {
      ...words.added,
      api: { list: liveApi.students, search: liveApi.studentsSearch },
      ownerParam: "liveid",
      action: { ...words.added.action, endpoint: liveApi.removeStudent, ownerParam: "liveid", confirm: "确定将学员「{names}」移出本直播吗？" },
      touches: [live.name],
    },
  ],
});
