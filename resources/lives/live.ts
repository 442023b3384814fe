import type { ColumnDecl, FilterDecl } from "../kernel/define";
import { defineResource } from "../kernel/define";
import { liveApi, liveCourseKeys, liveLimits, liveStateLabels, liveTypeLabels, subClassCourseTypes } from "./live-api";
import teacher from "../users/teacher";

/**
 * The live lists of 2 §2: /liveop (every live of the organisation) and /liveCourse (the lives of
 * one course, reached from /courseop's 直播管理), one declaration read by both pages, the server,
 * Storybook and the tests. The wire record is LiveRecord (resources/lives/live-api.ts).
 */

/** A teacher's tag opens the teacher's detail page (2 §2 /teacherInfo). */
const teacherTags = { label: "name", link: "/teacherInfo?teacherId={account}" };

/**
 * The columns of 2 §2: name, course (to its lives), time range, teachers and assistants (first 3 as
 * tags), students. Each column but the name is as wide as its content needs (the time on two lines,
 * a three-character tag a line, the header on one line) and the name takes the rest; name and course
 * keep to one line with a tooltip, so a row stays two lines high on a 1280 px screen.
 */
export const liveColumns: ColumnDecl[] = [
  { field: "Title", title: "直播名称", ellipsis: true },
  { field: "CourseName", title: "课程名称", link: "/liveCourse?courseId={CourseId}&courseName={CourseName}", width: 104, ellipsis: true },
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

/**
 * One operation of an active live (2 §2), with the rules that show it. The pages draw them in this
 * order, `inline` ones in the row and the rest in its 更多 menu, and say what each does by name
 * (src/features/lives/operations): another screen's operation is one entry here and one handler there.
 */
export interface LiveOperationDecl {
  name: string;
  label: string;
  inline?: boolean;
  /** Hidden for lives of these types (2 §2: small classes, live type 0). */
  notForLiveTypes?: readonly number[];
  /** Shown only to an admin holding this extended permission (2 §6: audioDown, videoDown, docDown, liveUserData). */
  permission?: string;
  /** Shown only for lives of courses of these types (sub-class management: 5 and 18). */
  courseTypes?: readonly number[];
  /** Shown only for a main classroom or a plain live, never for a sub-class (MasterId 0). */
  mainOnly?: boolean;
  /**
   * The screen it opens, `{Field}` filled from the row (encoded), `{back}` with the list's own
   * address: the routes and parameters of routes.tsv.
   */
  route?: string;
}

const notSmall = [0] as const;

/**
 * The operations of an active row, in the order of 2 §2. Left out: video download (its call is not
 * served yet). The verification method has no rule of its own: every active live, sub-classes too.
 */
export const liveOperations: readonly LiveOperationDecl[] = [
  { name: "students", label: "添加学员", inline: true },
  { name: "enrol", label: "批量导入", inline: true },
  { name: "share", label: "分享", inline: true },
  { name: "initNum", label: "人数基数", notForLiveTypes: notSmall },
  { name: "products", label: "商品管理", notForLiveTypes: notSmall, route: "/sellProduct?liveId={Id}&courseId={CourseId}&callback={back}" },
  { name: "ads", label: "广告管理", notForLiveTypes: notSmall, route: "/adInfoByLive?liveId={Id}&courseId={CourseId}&callback={back}" },
  { name: "stats", label: "直播统计", notForLiveTypes: notSmall, route: "/liveStat?liveId={Id}&courseId={CourseId}" },
  { name: "modify", label: "修改", inline: true, route: "/changeLive?liveId={Id}&courseType={CourseType}&courseId={CourseId}" },
  { name: "void", label: "作废", inline: true },
  { name: "recordCut", label: "影院回放剪辑", notForLiveTypes: notSmall, route: "/recordCut?liveId={Id}" },
  { name: "dataCut", label: "互动回放剪辑", notForLiveTypes: notSmall, route: "/recordCut?liveId={Id}&mode=data" },
  { name: "audioDown", label: "音频下载", notForLiveTypes: notSmall, permission: "audioDown", route: "/audioDown?liveId={Id}&liveName={Title}" },
  { name: "docDown", label: "课件下载", notForLiveTypes: notSmall, permission: "docDown", route: "/downloadDoc?liveId={Id}&liveName={Title}" },
  { name: "verification", label: "验证方式" },
  { name: "userData", label: "听课数据", notForLiveTypes: notSmall, permission: "liveUserData", route: "/exportLiveUserDataShowData?liveId={Id}&title={Title}" },
  { name: "shareLive", label: "分享直播" },
  { name: "shareReplay", label: "分享回放" },
  { name: "exam", label: "考试管理", route: "/bindExamByLive?liveId={Id}" },
  { name: "subClasses", label: "子班级管理", courseTypes: subClassCourseTypes, mainOnly: true, route: "/subLiveManager?masterLiveId={Id}&courseId={CourseId}" },
];

/** The sub-classroom list under a main classroom and on /subLiveManager (2 §2). */
export const subLiveColumns: ColumnDecl[] = [
  { field: "SubClassName", title: "班级名称", width: 100 },
  { field: "Title", title: "直播名称", ellipsis: true },
  { field: "BeginTime", title: "直播时间", format: "range", to: "EndTime", width: 180 },
  { field: "Teachers", title: "老师", format: "tags", tags: { ...teacherTags, max: 3 } },
  { field: "Assistants", title: "助教", format: "tags", tags: { label: "name", max: 3 } },
  { field: "StudentCount", title: "学员人数", width: 90 },
  { field: "LiveState", title: "直播状态", format: "enum", options: liveStateLabels, width: 90 },
];

/** A sub-class's operations (2 §2 sub-classroom list): add students, modify (the sub-class form), void. */
export const subLiveOperations: readonly LiveOperationDecl[] = [
  { name: "students", label: "添加学员", inline: true },
  { name: "modify", label: "修改", inline: true },
  { name: "void", label: "作废", inline: true },
];

/** The main-classroom picker of the sub-class form (2 §2): id, name, time, and a select button. */
export const masterPickerColumns: ColumnDecl[] = [
  { field: "Id", title: "ID", width: 80 },
  { field: "Title", title: "名称" },
  { field: "BeginTime", title: "时间", format: "range", to: "EndTime", width: 180 },
];

/** The lives of one course (2 §2 /liveCourse): `courseId` and `courseName` in the address. */
export const liveCourseRoute = "/liveCourse";

/** The sub-classes of a main classroom (2 §2 /subLiveManager). */
export const subLiveRoute = "/subLiveManager";

/**
 * Every live of the organisation (2 §2 /liveop), and the calls of the live lists. The /liveCourse
 * page shows the same rows for one course; its calls also admit a sub-admin holding courseop,
 * since the course page leads there (`alsoFor`, resources/lives/calls.ts). Voiding is one way (2 §4).
 */
export default defineResource({
  name: "live",
  noun: "直播",
  title: "直播管理",
  route: "/liveop",
  menu: { group: "course", key: liveCourseKeys[0], alsoFor: liveCourseKeys.slice(1) },
  api: { list: liveApi.all, search: liveApi.search, remove: liveApi.remove },
  id: "Id",
  label: "Title",
  columns: liveColumns,
  filters: liveFilters,
  expand: liveExpand,
  /** The operations of liveOperations, drawn by the live pages (src/features/lives). */
  actions: ["operations"],
  voided: { field: "Status", active: 1, text: "已作废" },
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
