import type { ColumnDecl } from "../kernel/define";
import { defineResource } from "../kernel/define";
import type { RowActionDecl } from "../kernel/row-actions";
import { livePages } from "./routes";
import { pathOf } from "../kernel/route";
import teacher from "../users/teacher";
import { liveApi, liveMenu, liveLimits, liveMessages, liveStateLabels } from "./live-api";

/**
 * The double-teacher sub-classes (2 §2 sub-classroom list): a main classroom's sub-classes, listed
 * in its expanded row on /liveop and /liveCourse and on /subLiveManager, and the main-classroom
 * picker of the sub-class form. Both list lives, so they share the live lists' Refine resource:
 * a void, a save or a student added refreshes every list showing the live.
 */

/** The sub-classes of a main classroom (2 §2 /subLiveManager?masterLiveId&courseId). */
export const subLiveRoute = livePages.subLiveManager.route;

/** A teacher's tag opens the teacher's detail page (2 §2 /teacherInfo). */
export const teacherTags = { label: "name", link: `${pathOf(teacher.show!)}?teacherId={account}` };

/** A voided live (Status 0) shows 已作废 in red instead of its actions (2 §2, §4). */
export const liveVoided = { field: "Status", active: 1, text: "已作废" };

/** 作废 (2 §2, §4): asks 确定要作废该直播吗？, then the void call; 作废成功, or the server's msg (2 §8). */
export const voidLive = (removes: RowActionDecl["removes"]): RowActionDecl => ({
  name: "void", label: "作废", inline: true, danger: true, confirm: liveMessages.confirmVoid, removes, done: liveMessages.voided,
});

/** 添加学员 opens the live's two student panes (src/features/lives/engine-parts.tsx). */
export const addStudents: RowActionDecl = { name: "students", label: "添加学员", inline: true, part: "liveStudents" };

/** The sub-classroom list's columns (2 §2). */
const subLiveColumns: ColumnDecl[] = [
  { field: "SubClassName", title: "班级名称", width: 100 },
  { field: "Title", title: "直播名称", ellipsis: true },
  { field: "BeginTime", title: "直播时间", format: "range", to: "EndTime", width: 180 },
  { field: "Teachers", title: "老师", format: "tags", tags: { ...teacherTags, max: 3 } },
  { field: "Assistants", title: "助教", format: "tags", tags: { label: "name", max: 3 } },
  { field: "StudentCount", title: "学员人数", width: 90 },
  { field: "LiveState", title: "直播状态", format: "enum", options: liveStateLabels, width: 90 },
];

/** A main classroom's sub-classes (2 §7 sub-lives), with their three actions: add students, modify (the sub-class form), void. */
export const subLive = defineResource({
  name: "live",
  noun: "子班级",
  title: "子班级",
  route: subLiveRoute,
  menu: liveMenu,
  api: { list: liveApi.sub },
  id: "Id",
  label: "Title",
  columns: subLiveColumns,
  actions: [],
  rowActions: [addStudents, { name: "modify", label: "修改", inline: true, part: "subLiveEdit" }, voidLive(liveApi.remove)],
  voided: liveVoided,
  actionsWidth: 200,
  forms: {},
  listFailure: "子班级加载失败",
});

/**
 * The main-classroom picker of the sub-class form (2 §2 选择主教室): the course's main classrooms
 * (id, name, time), searched by name, 5 a page (2 §7 master-live search); the form lends 选择.
 */
export const masterPicker = defineResource({
  name: "live",
  noun: "主教室",
  title: "选择主教室",
  route: subLiveRoute,
  menu: subLive.menu,
  api: { list: liveApi.masterSearch, search: liveApi.masterSearch },
  id: "Id",
  label: "Title",
  columns: [
    { field: "Id", title: "ID", width: 80 },
    { field: "Title", title: "名称" },
    { field: "BeginTime", title: "时间", format: "range", to: "EndTime", width: 180 },
  ],
  search: { param: "key", placeholder: "请输入主教室名称" },
  actions: ["pick"],
  actionsWidth: 80,
  forms: {},
  pageSizes: [liveLimits.templatePageSize],
});
