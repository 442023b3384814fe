import course from "../../../../resources/course";
import type { Endpoint } from "../../../../resources/endpoint";

/** A student as the course's pickers list one (1 §3). */
export interface PickerStudent {
  Id: number;
  Name: string;
  Mobile: string;
}

/** What tells the two panes of 学员管理 apart: their calls, the course's parameter name, the row action. */
export interface PaneKind {
  title: string;
  list: Endpoint;
  /** Same query plus `key` (1 §7). */
  search: Endpoint;
  /** The unadded call names the course `id`, the added one `courseid` (1 §7). */
  courseParam: "id" | "courseid";
  action: { label: string; endpoint: Endpoint; doneText: string; danger: boolean };
  emptyText: string;
}

/** Student pickers page by 5 (1 §9). */
export const panePageSize = 5;

const api = course.extra;

export const unaddedPane: PaneKind = {
  title: "未添加学员",
  list: api.unaddedStudents,
  search: api.unaddedStudentsSearch,
  courseParam: "id",
  action: { label: "添加", endpoint: api.addStudent, doneText: "添加成功", danger: false },
  emptyText: "没有未添加的学员",
};

export const addedPane: PaneKind = {
  title: "已添加学员",
  list: api.students,
  search: api.studentsSearch,
  courseParam: "courseid",
  action: { label: "移除", endpoint: api.removeStudent, doneText: "删除成功", danger: true },
  emptyText: "还没有添加学员",
};
