import { liveApi } from "../../../../resources/live-api";
import type { PaneKind } from "../../courses/students/pane-kinds";

/** The two panes of a live's 添加学员 (2 §2, §7): the course's pickers, over the live's calls. */
export const liveStudentPanes: [PaneKind, PaneKind] = [
  {
    title: "未添加学员",
    list: liveApi.unaddedStudents,
    search: liveApi.unaddedStudentsSearch,
    ownerParam: "liveid",
    action: { label: "添加", endpoint: liveApi.addStudent, doneText: "添加成功", ownerParam: "liveid" },
    emptyText: "没有未添加的学员",
    resource: "live-students",
  },
  {
    title: "已添加学员",
    list: liveApi.students,
    search: liveApi.studentsSearch,
    ownerParam: "liveid",
    action: { label: "移除", endpoint: liveApi.removeStudent, doneText: "删除成功", ownerParam: "liveid", confirm: (name) => `确定将学员「${name}」移出本直播吗？` },
    emptyText: "还没有添加学员",
    countsSeats: true,
    resource: "live-students",
  },
];
