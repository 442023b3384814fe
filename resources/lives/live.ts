import course from "../courses/course";
import type { ColumnDecl, FilterDecl } from "../kernel/define";
import { defineResource } from "../kernel/define";
import type { ListPageDecl } from "../kernel/list-pages";
import { opening, type RowActionDecl, type RowRule } from "../kernel/row-actions";
import { liveApi, liveCourseKeys, liveMenu, liveLimits, liveStateLabels, liveTypeLabels, subClassCourseTypes } from "./live-api";
import { addStudents, liveVoided, subLive, subLiveRoute, teacherTags, voidLive } from "./sub-live";
import { livePages } from "./routes";
import { examBinding, toolPages } from "../tools/tools";
import teacher from "../users/teacher";
import { liveMediaApi, mediaMessages } from "../vod/media-api";

/**
 * The live lists of 2 §2: /liveop (every live of the organisation) and /liveCourse (the lives of
 * one course, reached from /courseop's 直播管理), one declaration read by both pages, the server,
 * Storybook and the tests. The wire record is LiveRecord (resources/lives/live-api.ts).
 */

/**
 * The columns of 2 §2: name, course (to its lives), time range, teachers and assistants (first 3 as
 * tags), students. Each column but the name is as wide as its content needs (the time on two lines,
 * a three-character tag a line, the header on one line) and the name takes the rest; name and course
 * keep to one line with a tooltip, so a row stays two lines high on a 1280 px screen.
 */
export const liveColumns: ColumnDecl[] = [
  { field: "Title", title: "直播名称", ellipsis: true },
  { field: "CourseName", title: "课程名称", link: `${livePages.liveCourse.route}?courseId={CourseId}&courseName={CourseName}`, width: 104, ellipsis: true },
  { field: "BeginTime", title: "直播时间", format: "range", to: "EndTime", width: 164 },
  { field: "Teachers", title: "老师", format: "tags", tags: { ...teacherTags, max: 3 }, width: 80 },
  { field: "Assistants", title: "助教", format: "tags", tags: { label: "name", max: 3 }, width: 80 },
  { field: "StudentCount", title: "学员人数", width: 72 },
];

/** 2 §2, §7: the search call's title, status (absent for all), main teacher and a range of the start. */
export const liveFilters: FilterDecl[] = [
  { kind: "text", param: "title", label: "直播名称", placeholder: "请输入直播名称", maxLength: 60 },
  { kind: "enum", param: "status", label: "直播状态", options: liveStateLabels },
  // The school's teachers 1000 at a time, as the live form's pickers load them (2 §9), and those a typed name finds.
  { kind: "lookup", param: "teacher", label: "主讲老师", source: { endpoint: teacher.api.list, search: teacher.api.search, value: "Id", label: "Name", count: liveLimits.pickerLoad } },
  { kind: "dateTimeRange", params: ["begintime", "endtime"], label: "直播时间" },
];

/** The expanded row of 2 §2, in its order; the encrypted room id only when the live has one. */
export const liveExpand: ColumnDecl[] = [
  { field: "Id", title: "直播ID" },
  { field: "EncryptRoomId", title: "加密房间号", hideEmpty: true },
  { field: "Teachers", title: "老师", format: "tags", tags: teacherTags },
  { field: "BeginTime", title: "直播时间", format: "range", to: "EndTime" },
  { field: "Title", title: "直播名称" },
  { field: "Assistants", title: "助教", format: "tags", tags: { label: "name" } },
  { field: "LiveType", title: "直播类型", format: "enum", options: liveTypeLabels },
  { field: "StudentCount", title: "学员人数" },
  { field: "CreateTime", title: "创建时间", format: "datetime" },
  { field: "Detail", title: "直播描述" },
  { field: "LiveState", title: "直播状态", format: "enum", options: liveStateLabels },
  { field: "UpdateTime", title: "更新时间", format: "datetime" },
];

/** A double-teacher main classroom or a plain live: no main classroom of its own. */
const mainClassroom: RowRule = { field: "MasterId", in: [0] };

/** /changeLive?liveId&courseType&courseId (resources/lives/forms.ts). */
export const changeLivePage = { route: "/changeLive", title: "修改直播" } as const;

const notSmall: RowRule = { field: "LiveType", notIn: [0] };

/**
 * The operations of an active row, in the order of 2 §2, `inline` ones in the row and the rest in
 * its 更多 menu: hidden for small classes (live type 0) where 2 §2 says so, shown only with their
 * extended permission, sub-class management only for a main classroom of a double-teacher or
 * large-class small-lesson course. A route gets the list's own address as `{back}`; a `part` is a
 * dialog of src/features/lives/engine-parts.tsx (视频下载's of src/features/vod/engine-parts.tsx). The verification method has no rule of its own: every active live, sub-classes too.
 */
export const liveOperations: readonly RowActionDecl[] = [
  addStudents,
  { name: "enrol", label: "批量导入", inline: true, part: "liveEnrol" },
  { name: "share", label: "分享", inline: true, part: "liveShare" },
  { name: "initNum", label: "人数基数", when: [notSmall], part: "liveInitNum" },
  { name: "products", label: "商品管理", when: [notSmall], route: `${livePages.sellProduct.route}?liveId={Id}&courseId={CourseId}&callback={back}` },
  { name: "ads", label: "广告管理", when: [notSmall], route: `${livePages.adInfoByLive.route}?liveId={Id}&courseId={CourseId}&callback={back}` },
  opening(livePages.liveStat, { name: "stats", when: [notSmall], query: "liveId={Id}&courseId={CourseId}" }),
  { name: "modify", label: "修改", inline: true, route: `${changeLivePage.route}?liveId={Id}&courseType={CourseType}&courseId={CourseId}` },
  voidLive(true),
  { name: "recordCut", label: "影院回放剪辑", when: [notSmall], route: `${toolPages.recordCut.route}?liveId={Id}` },
  { name: "dataCut", label: "互动回放剪辑", when: [notSmall], route: `${toolPages.recordCut.route}?liveId={Id}&mode=data` },
  opening(livePages.audioDown, { name: "audioDown", when: [notSmall], permission: "audioDown", query: "liveId={Id}&liveName={Title}" }),
  { name: "videoDown", label: "视频下载", when: [notSmall], permission: "videoDown", part: "liveVideoDown" },
  opening(livePages.downloadDoc, { name: "docDown", when: [notSmall], permission: "docDown", query: "liveId={Id}&liveName={Title}" }),
  // Only an ended live has a recording; the server says so when it has none (该直播暂无回放).
  {
    name: "removeRecording",
    label: "删除录像",
    when: [notSmall, { field: "LiveState", in: [2] }],
    danger: true,
    confirm: mediaMessages.confirmRemoveRecording,
    removes: liveMediaApi.removeRecording,
    done: mediaMessages.recordingRemoved,
  },
  { name: "verification", label: "验证方式", part: "liveVerification" },
  opening(livePages.exportLiveUserDataShowData, { name: "userData", when: [notSmall], permission: "liveUserData", query: "liveId={Id}&title={Title}" }),
  { name: "shareLive", label: "分享直播", part: "liveShareLive" },
  { name: "shareReplay", label: "分享回放", part: "liveShareReplay" },
  { name: "exam", label: "考试管理", route: `${examBinding.route}?liveId={Id}` },
  opening(livePages.subLiveManager, {
    name: "subClasses",
    when: [{ field: "CourseType", in: subClassCourseTypes }, mainClassroom],
    query: "masterLiveId={Id}&courseId={CourseId}",
  }),
];

/** The lives of one course (2 §2 /liveCourse): `courseId` and `courseName` in the address. */
export const liveCourseRoute = livePages.liveCourse.route;

export { subLiveRoute };

/** The live form's add page (resources/lives/forms.ts declares its form), which /liveCourse's first button opens. */
export const createLivePage = { route: "/createLive", title: "创建直播" } as const;
const toCourses = { label: "返回课程管理", to: course.route };

/**
 * /liveCourse?courseId&courseName: the course's lives by `couseid` (sic, 2 §7), titled by its name
 * (the address's while it loads); a double-teacher or large-class small-lesson course (types 5, 18)
 * unfiltered lists its main classrooms. /subLiveManager?masterLiveId&courseId: a main classroom's
 * sub-classes, titled by it, added through the sub-class form.
 */
const liveListPages: ListPageDecl[] = [
  {
    route: liveCourseRoute,
    title: livePages.liveCourse.title,
    access: liveCourseKeys,
    params: ["courseId"],
    missing: { title: "未指定课程", subTitle: "请从课程管理进入课程的直播", back: toCourses },
    about: { call: liveApi.courseName, query: { id: "{courseId}" }, title: "{name}", titleParam: "courseName", wait: { failure: "课程加载失败" } },
    call: { list: liveApi.search, params: { couseid: "{courseId}" } },
    unfiltered: { list: liveApi.master, params: { courseid: "{courseId}" }, when: [{ field: "type", in: subClassCourseTypes }] },
    buttons: [
      { label: createLivePage.title, primary: true, icon: "plus", to: `${createLivePage.route}?courseId={courseId}&courseType={type}` },
      { label: "返回", icon: "back", toList: course.route },
    ],
  },
  {
    route: subLiveRoute,
    title: livePages.subLiveManager.title,
    decl: subLive,
    access: liveCourseKeys,
    params: ["masterLiveId", "courseId"],
    missing: { title: "未指定主教室", subTitle: "请从课程的直播列表进入子班级管理", back: toCourses },
    about: { call: liveApi.info, query: { liveid: "{masterLiveId}" }, title: `${livePages.subLiveManager.title} - {Title}` },
    call: { list: liveApi.sub, params: { masterid: "{masterLiveId}", courseid: "{courseId}" } },
    buttons: [
      { label: "添加子班级", part: "subLiveAdd" },
      { label: "返回", icon: "back", to: `${liveCourseRoute}?courseId={courseId}` },
    ],
  },
];

/**
 * Every live of the organisation (2 §2 /liveop), and the calls of the live lists. /liveCourse
 * shows the same rows for one course (`listPages`); its calls also admit a sub-admin holding courseop,
 * since the course page leads there (`alsoFor`, resources/lives/calls.ts). Voiding is one way (2 §4).
 */
export default defineResource({
  name: "live",
  noun: "直播",
  title: "直播管理",
  route: "/liveop",
  menu: liveMenu,
  api: { list: liveApi.all, search: liveApi.search, remove: liveApi.remove },
  id: "Id",
  label: "Title",
  columns: liveColumns,
  filters: liveFilters,
  expand: liveExpand,
  actions: [],
  rowActions: liveOperations,
  voided: liveVoided,
  /** An expanded main classroom of a double-teacher course (live type 5) shows its sub-classes, paged in place. */
  nested: { decl: subLive, title: "子班级", when: [{ field: "LiveType", in: [5] }, mainClassroom], params: { masterid: "Id", courseid: "CourseId" } },
  listPages: liveListPages,
  /** 添加学员 批量导入 分享 修改 on one line, 作废 更多 变更记录 on the next, with a little to spare. */
  actionsWidth: 256,
  forms: {},
  /** The calls the live pages make beyond the list (2 §7), each guarded like the list. */
  extra: {
    master: liveApi.master,
    masterSearch: liveApi.masterSearch,
    sub: liveApi.sub,
    courseName: liveApi.courseName,
    info: liveApi.info,
    unaddedStudents: liveApi.unaddedStudents,
    unaddedStudentsSearch: liveApi.unaddedStudentsSearch,
    students: liveApi.students,
    studentsSearch: liveApi.studentsSearch,
    addStudent: liveApi.addStudent,
    removeStudent: liveApi.removeStudent,
    addStudentByMobile: liveApi.addStudentByMobile,
    initNumGet: liveApi.initNumGet,
    initNumSet: liveApi.initNumSet,
    shareGuid: liveApi.shareGuid,
    replayGuid: liveApi.replayGuid,
  },
});
