import course from "../../../../resources/courses/course";
import type { Endpoint } from "../../../../resources/kernel/endpoint";

/** A student as the pickers list one (1 §3, 2 §3). */
export interface PickerStudent {
  Id: number;
  Name: string;
  Mobile: string;
}

/**
 * What tells the panes of a two-pane student picker apart, and whose students they are (a course's,
 * a live's): the calls, the owner's parameter name in each, the row action, and the Refine resource
 * an add or remove invalidates (both panes of one owner kind).
 */
export interface PaneKind {
  title: string;
  list: Endpoint;
  /** Same query plus `key` (1 §7, 2 §7). */
  search: Endpoint;
  /** How the list calls name the owner (the course's unadded call says `id`, the others `courseid`, a live's `liveid`). */
  ownerParam: string;
  action: {
    label: string;
    endpoint: Endpoint;
    doneText: string;
    ownerParam: string;
    /** A destructive action (移除) asks this first, as every destructive action of the console does. */
    confirm?: (name: string) => string;
  };
  emptyText: string;
  /** The pane of the owner's students: its count is shown against the owner's seats, where it has a bound. */
  countsSeats?: true;
  /** The panes' lists as Refine knows them. */
  resource: string;
  /** Other lists showing what the row action changes (a live's student count), invalidated with the panes'. */
  touches?: readonly string[];
}

/** Student pickers page by 5 (1 §9, 2 §9). */
export const panePageSize = 5;

const api = course.extra;

export const unaddedPane: PaneKind = {
  title: "未添加学员",
  list: api.unaddedStudents,
  search: api.unaddedStudentsSearch,
  ownerParam: "id",
  action: { label: "添加", endpoint: api.addStudent, doneText: "添加成功", ownerParam: "courseid" },
  emptyText: "没有未添加的学员",
  resource: "course-students",
};

export const addedPane: PaneKind = {
  title: "已添加学员",
  list: api.students,
  search: api.studentsSearch,
  ownerParam: "courseid",
  action: { label: "移除", endpoint: api.removeStudent, doneText: "删除成功", ownerParam: "courseid", confirm: (name) => `确定将学员「${name}」移出本课程吗？` },
  emptyText: "还没有添加学员",
  countsSeats: true,
  resource: "course-students",
};
