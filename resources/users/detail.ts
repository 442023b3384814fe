import { courseTypeLabels } from "../courses/course";
import type { ColumnDecl, FilterDecl } from "../kernel/define";
import { detailOf, type ReportDecl, type StatCardDecl } from "../kernel/detail";
import { liveStateLabels } from "../lives/live-labels";
import student from "./student";
import teacher from "./teacher";
import { checkStateLabels, checkStates, liveScaleLabels, playTypeLabels, userStatApi } from "./user-stats";

/** A live not yet held (1 §4 status 0): nobody has listened to it in any way, for any time. */
const notHeld = (text: string) => ({ field: "status", values: [0], text });

/** The columns of a person's lives (1 §2.4); titles wrap rather than clip: two lives of a course differ only at their ends (第11讲). */
const liveColumns: ColumnDecl[] = [
  { field: "title", title: "直播名称" },
  { field: "coursetitle", title: "课程名称" },
  { field: "begintime", title: "直播时间", format: "range", to: "endtime", sameDayShort: true, nowrap: true, width: 260 },
  { field: "status", title: "直播状态", format: "enum", options: liveStateLabels, colors: { "0": "blue", "1": "green", "2": "default" }, width: 96 },
  // Play type 1 is live; anything else a replay (1 §3).
  { field: "playtype", title: "听课类型", format: "enum", options: playTypeLabels, otherwise: playTypeLabels["2"], instead: notHeld(liveStateLabels["0"]), width: 96 },
  // The class scale codes of 1 §9; lives of other course types show that type's name.
  { field: "scale", title: "班型", format: "enum", options: { ...courseTypeLabels, ...liveScaleLabels }, otherwise: "-", width: 100 },
  // Nothing for a live not held yet, where 0秒 would read as absent.
  { field: "online", title: "实际上课时长", format: "duration", instead: notHeld("-"), nowrap: true, width: 130 },
];

// From the declared labels, so "ended" is 2 on both pages (1 §4).
const liveFilters: FilterDecl[] = [
  { kind: "text", param: "title", label: "直播名称", placeholder: "请输入直播名称", maxLength: 60 },
  { kind: "enum", param: "status", label: "直播状态", options: liveStateLabels },
  { kind: "dateRange", params: ["begintime", "endtime"], label: "直播时间", wholeDays: true },
];

const livesReport = (name: string, calls: ReportDecl["calls"]): ReportDecl => ({
  name,
  noun: "直播记录",
  heading: "直播数量",
  calls,
  id: "liveid",
  columns: liveColumns,
  filters: liveFilters,
  export: { sheet: "直播记录", file: "直播记录" },
});

const checkCards = (call: StatCardDecl["call"]): StatCardDecl[] =>
  checkStates.map((state) => ({ kind: "count", call, label: checkStateLabels[state], field: `check-${state}`, suffix: "次" }));

const person = { call: userStatApi.userInfo, title: "基本信息", panel: "personSummary" };

/** /teacherInfo?teacherId={id} (1 §2.4): teachers only, the server answers 记录不存在 for anyone else. */
export const teacherDetail = detailOf(teacher, {
  subject: { param: "teacherId", sendAs: "userid", kind: "id" },
  record: person,
  cards: [
    { kind: "progress", call: userStatApi.teacherCourseLive, label: "授课课程", done: "courseDo", total: "courseTotal" },
    { kind: "progress", call: userStatApi.teacherCourseLive, label: "授课直播", done: "liveDo", total: "liveTotal" },
    ...checkCards(userStatApi.teacherCourseLive),
  ],
  report: livesReport("teacher-lives", { list: userStatApi.teacherLives, search: userStatApi.teacherLivesSearch }),
});

/** /studentInfo?mobile={mobile} (1 §2.4): the teacher's layout, participated courses and lives, and 返回 to /studentop. */
export const studentDetail = detailOf(student, {
  subject: { param: "mobile", sendAs: "mobile", kind: "text" },
  record: person,
  back: true,
  cards: [
    { kind: "progress", call: userStatApi.studentCourse, label: "参与课程", done: "courseDo", total: "courseTotal" },
    { kind: "progress", call: userStatApi.studentLive, label: "参与直播", done: "liveDo", total: "liveTotal" },
    ...checkCards(userStatApi.studentCheck),
  ],
  report: livesReport("student-lives", { list: userStatApi.studentLives, search: userStatApi.studentLivesSearch }),
});

export const userDetails = [teacherDetail, studentDetail];
