import live from "../../../../resources/lives/live";
import { liveApi } from "../../../../resources/lives/live-api";
import student from "../../../../resources/users/student";
import type { PaneKind } from "../../courses";

/** The Refine resource of a live's student panes. */
const liveStudents = "live-students";

/**
 * The lists a change of a live's students shows in: the live lists' 学员人数, and the course's
 * students, which an added student joins (2 §7; the course enrolment stays on a removal).
 */
const added = [live.name, "course-students"] as const;
const removed = [live.name] as const;

/** What a 批量导入 of a live changes: the lists an add touches, its panes, and the students it may create. */
export const liveImportTouches: readonly string[] = [liveStudents, ...added, student.name];

/** The two panes of a live's 添加学员 (2 §2, §7): the course's pickers, over the live's calls. */
export const liveStudentPanes: [PaneKind, PaneKind] = [
  {
    title: "未添加学员",
    list: liveApi.unaddedStudents,
    search: liveApi.unaddedStudentsSearch,
    ownerParam: "liveid",
    action: { label: "添加", endpoint: liveApi.addStudent, doneText: "添加成功", ownerParam: "liveid" },
    emptyText: "没有未添加的学员",
    resource: liveStudents,
    touches: added,
  },
  {
    title: "已添加学员",
    list: liveApi.students,
    search: liveApi.studentsSearch,
    ownerParam: "liveid",
    action: { label: "移除", endpoint: liveApi.removeStudent, doneText: "删除成功", ownerParam: "liveid", confirm: (name) => `确定将学员「${name}」移出本直播吗？` },
    emptyText: "还没有添加学员",
    countsSeats: true,
    resource: liveStudents,
    touches: removed,
  },
];
