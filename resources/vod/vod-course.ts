import course, { courseStatusLabels, noLiveBefore } from "../courses/course";
import { defineResource } from "../kernel/define";
import { recordedCoursesPage, vodPages } from "./routes";

/** The recorded courses' type (1 §9, 3 §7.4: every recorded-course call sends type 200). */
export const recordedCourseType = 200;

/** A recorded session's end is its begin plus one minute (3 §5); the form sets it as the begin changes. */
export const recordedSessionSpanMs = 60_000;

/** The menu keys of the recorded courses' screens (3 §2.1), whose holders use the course and live calls for recorded ones only. */
export const vodKeys = ["vodcourseop", "vodop"] as const;

/**
 * /vodcourseop (3 §2.1): the courses of type 200, with the course's calls, rules, messages, student
 * dialogs and batch import (resources/courses/course.ts); what differs is the type, fixed on every
 * call, and the button to the course's recorded sessions instead of its lives.
 */
export default defineResource({
  ...course,
  name: "vodCourse",
  noun: "课程",
  ...recordedCoursesPage,
  menu: { group: "course", key: vodKeys[0] },
  fixed: { type: recordedCourseType },
  columns: course.columns.filter((c) => c.field !== "Type" && c.field !== "MaxUserNum"),
  filters: [
    { kind: "text", param: "title", label: "课程名称", placeholder: "请输入课程名称", maxLength: 60 },
    { kind: "dateRange", params: ["begintime", "endtime"], label: "课节时间" },
    { kind: "enum", param: "status", label: "状态", options: courseStatusLabels },
  ],
  expand: [
    { field: "Id", title: "课程ID" },
    { field: "FirstLiveTime", title: "首次上课时间", format: "datetime", earliest: { time: noLiveBefore, text: "暂无课节" } },
    { field: "Title", title: "课程名称" },
    { field: "Expire", title: "有效期至", format: "datetime" },
    { field: "CreateTime", title: "创建时间", format: "datetime" },
    { field: "UpdateTime", title: "更新时间", format: "datetime" },
    { field: "Detail", title: "课程描述" },
  ],
  actions: ["edit", "sessions", "delete", "courseStudents", "courseEnrol"],
  links: { sessions: { label: "课节管理", to: `${vodPages.recordvoditemop.route}?courseId={Id}&courseName={Title}` } },
  addLabel: "创建录播课程",
  forms: { create: "vod-course.create", edit: "vod-course.edit" },
});
