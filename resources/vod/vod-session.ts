import { defineResource, type ColumnDecl } from "../kernel/define";
import type { ListPageDecl } from "../kernel/list-pages";
import { ep } from "../kernel/endpoint";
import { opening, type RowActionDecl } from "../kernel/row-actions";
import { liveFilters } from "../lives/live";
import { liveApi, liveStatusFilter } from "../lives/live-api";
import { livePages } from "../lives/routes";
import { addStudents, liveVoided, teacherTags, voidLive } from "../lives/sub-live";
import vodCourse, { recordedCourseType, vodKeys } from "./vod-course";
import { changeRecordPage, createRecordPage, recordedSessionsPage, vodPages } from "./routes";

/**
 * A recorded session is a live of a recorded course (3 §3): the live's record, form, students and
 * void, listed by `vodsearch` (3 §7.4, `couseid` sic) with the media it is bound to.
 */
export const vodApi = {
  /** The live search's parameters (live.search.query), over recorded courses only; rows are LiveRecords with totalMediaCount, enableMediaCount and mediaListStatus. */
  search: ep("GET /cms/vodsearch"),
  /** `liveid` → one recorded session: its LiveRecord with totalMediaCount, enableMediaCount and mediaListStatus (liveiteminfo extended, 3 §7.4). */
  info: ep("GET /cms/liveiteminfoex"),
} as const;

/** mediaListStatus (3 §3, §4): whether the session has videos, and whether any is on shelf. */
export const mediaListStatusLabels: Record<string, string> = { "1": "已上架", "2": "未上架", "0": "请绑定视频", "-1": "未绑定，已过期" };
// Colours whose text keeps AA contrast (the light green and status presets do not): on shelf a solid green with white text.
const mediaListColors: Record<string, string> = { "1": "#237804", "2": "default", "0": "blue", "-1": "default" };

const sessionColumns: ColumnDecl[] = [
  { field: "Title", title: "课节名称", ellipsis: true },
  { field: "CourseName", title: "课程名称", link: `${vodPages.recordvoditemop.route}?courseId={CourseId}&courseName={CourseName}`, width: 120, ellipsis: true },
  { field: "BeginTime", title: "课节时间", format: "range", to: "EndTime", width: 164 },
  { field: "Teachers", title: "老师", format: "tags", tags: { ...teacherTags, max: 3 }, width: 80 },
  { field: "StudentCount", title: "学员人数", width: 72 },
  { field: "enableMediaCount", title: "上架视频", width: 72 },
  { field: "mediaListStatus", title: "视频状态", format: "enum", options: mediaListStatusLabels, colors: mediaListColors, width: 110 },
];

const sessionQuery = "liveId={Id}&courseId={CourseId}&courseType={CourseType}";

/** The row actions of 3 §2.1 for an active session; a voided one shows 已作废 instead. */
const sessionActions: readonly RowActionDecl[] = [
  opening(vodPages.bindingRecordMedia, { name: "media", inline: true, query: sessionQuery }),
  { name: "modify", label: "修改", inline: true, route: `${changeRecordPage.route}?${sessionQuery}` },
  addStudents,
  voidLive(liveApi.remove),
  opening(livePages.sellProduct, { name: "products", query: "liveId={Id}&courseId={CourseId}&callback={back}" }),
  opening(livePages.adInfoByLive, { name: "ads", query: "liveId={Id}&courseId={CourseId}&callback={back}" }),
  opening(livePages.audioDown, { name: "audioDown", permission: "audioDown", query: "liveId={Id}&liveName={Title}" }),
];

/** /recordvoditemop?courseId&courseName: one recorded course's sessions, titled by its name. */
const courseSessions: ListPageDecl = {
  route: vodPages.recordvoditemop.route,
  title: vodPages.recordvoditemop.title,
  params: ["courseId"],
  missing: { title: "未指定课程", subTitle: "请从录播课程进入课程的课节", back: { label: "返回录播课程", to: vodCourse.route } },
  about: { call: liveApi.courseName, query: { id: "{courseId}" }, title: "{name}", titleParam: "courseName", wait: { failure: "课程加载失败" } },
  call: { list: vodApi.search, params: { couseid: "{courseId}" } },
  buttons: [
    { label: createRecordPage.title, primary: true, icon: "plus", to: `${createRecordPage.route}?courseId={courseId}&courseType=${recordedCourseType}` },
    { label: "返回", icon: "back", toList: vodCourse.route },
  ],
};

/** /vodop (3 §2.1): every recorded session of the organisation, searched by name, time and status. */
export default defineResource({
  name: "vodSession",
  noun: "课节",
  ...recordedSessionsPage,
  menu: { group: "course", key: vodKeys[1], alsoFor: [vodKeys[0]] },
  api: { list: vodApi.search, search: vodApi.search, remove: liveApi.remove },
  id: "Id",
  label: "Title",
  columns: sessionColumns,
  // The live list's filters (3 §7.4: vodsearch takes the live search's), in the sessions' words.
  filters: liveFilters.map((f) =>
    f.kind === "enum" ? { ...f, label: "课节状态", options: liveStatusFilter } : f.kind === "text" ? { ...f, label: "课节名称", placeholder: "请输入课节名称" } : f.kind === "dateTimeRange" ? { ...f, label: "课节时间" } : f,
  ),
  expand: [
    { field: "Id", title: "课节ID" },
    { field: "Title", title: "课节名称" },
    { field: "BeginTime", title: "课节时间", format: "range", to: "EndTime" },
    { field: "Teachers", title: "老师", format: "tags", tags: teacherTags },
    { field: "totalMediaCount", title: "视频数" },
    { field: "enableMediaCount", title: "上架视频" },
    { field: "CreateTime", title: "创建时间", format: "datetime" },
    { field: "Detail", title: "课节描述" },
  ],
  actions: [],
  rowActions: sessionActions,
  voided: liveVoided,
  listPages: [courseSessions],
  actionsWidth: 240,
  emptyText: "暂无录播课节",
  forms: {},
});
