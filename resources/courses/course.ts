import { defineResource } from "../kernel/define";
import { ep } from "../kernel/endpoint";
import { uploadApi } from "../kernel/upload";
import { livePages } from "../lives/routes";

/** How many users a course type admits (1 §5, §9); the form and the server both read it. */
export interface MaxUserRule {
  /** The value a new course of this type starts with, and takes when the form switches to it. */
  default: number;
  /** Only these values may be chosen (1对1, 1对6). */
  choices?: number[];
  /** The largest value allowed; absent means unbounded. */
  ceiling?: number;
  /** What to say when the value breaks the rule. */
  message?: string;
  /**
   * The maximum is the class's size (1对1, 1对6), so enrolment stops there: the course's students
   * and each of its lives' (issue 16). Elsewhere it is a room setting: a large class of 25 or a
   * public class of 1 enrols whoever it is sold to (the demo's hold hundreds).
   */
  seats?: true;
}

export interface CourseType {
  code: number;
  label: string;
  maxUsers: MaxUserRule;
  /** The extended (live-system) permission key that offers this type on creation (1 §3, §6). */
  permission?: string;
}

/** Course types of 1 §9, in the order the form offers them. */
export const courseTypes: readonly CourseType[] = [
  { code: 0, label: "小班课", permission: "smallClass", maxUsers: { default: 1, choices: [1, 6], ceiling: 6, message: "小班课最大人数只能选择1人或6人", seats: true } },
  { code: 1, label: "大班课", permission: "bigClass", maxUsers: { default: 25 } },
  { code: 2, label: "公开课", permission: "publicReplyClass", maxUsers: { default: 1 } },
  { code: 5, label: "双师课", permission: "doubleTeaClass", maxUsers: { default: 25 } },
  { code: 6, label: "互动大班课", permission: "hudongClass", maxUsers: { default: 25, ceiling: 100, message: "互动大班课最大人数不能超过100人" } },
  { code: 7, label: "融合课", permission: "mergeClass", maxUsers: { default: 1, choices: [1, 6], message: "融合课最大人数只能选择1人或6人", seats: true } },
  { code: 8, label: "智慧教室", maxUsers: { default: 1 } },
  { code: 18, label: "大班小课", permission: "bigSmallClass", maxUsers: { default: 25 } },
  { code: 118, label: "答辩课", maxUsers: { default: 1 } },
  { code: 101, label: "仿真直播", maxUsers: { default: 1 } },
  { code: 200, label: "录播课", maxUsers: { default: 1 } },
];

export const courseTypeOf = (code: number): CourseType | undefined => courseTypes.find((t) => t.code === code);

/** code → label, for enum columns and filters. */
export const courseTypeLabels: Record<string, string> = Object.fromEntries(courseTypes.map((t) => [String(t.code), t.label]));

/** The five main types: holding any of their keys turns on the restriction of 1 §6. */
export const mainCourseTypeKeys = ["smallClass", "bigClass", "hudongClass", "doubleTeaClass", "mergeClass"] as const;

/**
 * The types an admin may create (1 §6). The main admin may create every type. An admin holding
 * any of the five main keys is offered only the types whose keys it holds (a type without a key
 * is then not offered); one holding none of them is not restricted.
 */
export function offeredCourseTypes(held: Iterable<string> | "all"): CourseType[] {
  if (held === "all") return [...courseTypes];
  const keys = new Set(held);
  if (!mainCourseTypeKeys.some((k) => keys.has(k))) return [...courseTypes];
  return courseTypes.filter((t) => t.permission !== undefined && keys.has(t.permission));
}

/** Why a maximum user count is not allowed for a type, or null when it is. */
export function maxUsersProblem(type: CourseType, value: number): string | null {
  const rule = type.maxUsers;
  if (rule.choices && !rule.choices.includes(value)) return rule.message ?? `最大人数只能选择${rule.choices.join("或")}`;
  if (rule.ceiling !== undefined && value > rule.ceiling) return rule.message ?? `最大人数不能超过${rule.ceiling}`;
  return null;
}

/** How many students a course of this type and maximum may enrol, or null where its type sets no bound. */
export const courseSeats = (type: number, maxUsers: number): number | null => (courseTypeOf(type)?.maxUsers.seats ? maxUsers : null);

/** What a full course or live says to one more student, by hand, by mobile or by sheet. */
export const courseFullMessage = (seats: number) => `课程人数已满（最多${seats}人）`;
export const liveFullMessage = (seats: number) => `直播人数已满（最多${seats}人）`;
/** What a change of a course's maximum below its students says. */
export const seatsBelowEnrolledMessage = (enrolled: number) => `已有${enrolled}名学员，最大人数不能少于${enrolled}人`;

/** A course as the list answers it (1 §3); FirstLiveTime is null while it has no live. */
export interface CourseRecord {
  Id: number;
  Title: string;
  Type: number;
  MaxUserNum: number;
  Expire: string;
  HeadImg: string;
  Detail: string;
  Status: number;
  FirstLiveTime: string | null;
  CreateTime: string;
  UpdateTime: string;
  CreateUser: string;
}

/** Course status (1 §4): shown only. A course past its expiry shows as invalid. */
export const courseStatusLabels: Record<string, string> = { "1": "有效", "0": "无效" };

/** A first live time before this shows as 暂无直播 (1 §9). */
export const noLiveBefore = "2018-01-01 00:00:00";

/** Courses (1 §2.5 /courseop). */
export default defineResource({
  name: "course",
  noun: "课程",
  title: "课程管理",
  route: "/courseop",
  menu: { group: "course", key: "courseop" },
  api: {
    list: ep("GET /cms/course"),
    search: ep("GET /cms/coursesearch"),
    create: ep("POST /cms/course"),
    update: ep("PATCH /cms/course"),
    remove: ep("DELETE /cms/course"),
  },
  id: "Id",
  label: "Title",
  columns: [
    { field: "HeadImg", title: "封面", format: "image", width: 96 },
    { field: "Title", title: "课程名称" },
    { field: "Type", title: "班型", format: "enum", options: courseTypeLabels, width: 110 },
    { field: "MaxUserNum", title: "最大人数", width: 90 },
    { field: "CreateUser", title: "创建人", width: 100 },
    { field: "UpdateTime", title: "更新时间", format: "datetime", width: 170 },
    { field: "Status", title: "状态", format: "enum", options: courseStatusLabels, width: 70 },
  ],
  /** 1 §2.5, §7: the search call's title, begintime/endtime (a live of the course starts in the range), type, status. */
  filters: [
    { kind: "text", param: "title", label: "课程名称", placeholder: "请输入课程名称", maxLength: 60 },
    { kind: "dateRange", params: ["begintime", "endtime"], label: "直播时间" },
    { kind: "enum", param: "type", label: "班型", options: courseTypeLabels },
    { kind: "enum", param: "status", label: "状态", options: courseStatusLabels },
  ],
  expand: [
    { field: "Id", title: "课程ID" },
    { field: "FirstLiveTime", title: "首次上课时间", format: "datetime", earliest: { time: noLiveBefore, text: "暂无直播" } },
    { field: "Title", title: "课程名称" },
    { field: "Expire", title: "有效期至", format: "datetime" },
    { field: "Type", title: "班型", format: "enum", options: courseTypeLabels },
    { field: "CreateTime", title: "创建时间", format: "datetime" },
    { field: "MaxUserNum", title: "最大人数" },
    { field: "UpdateTime", title: "更新时间", format: "datetime" },
    { field: "Detail", title: "课程描述" },
  ],
  /**
   * 修改, 直播管理, 删除, 学员管理, 批量导入: 直播管理 goes to the course's lives (2 §2); 学员管理 and 批量导入
   * open the dialogs src/features/courses/engine-parts.tsx registers by these names (named for the area: the registry is one for the app).
   */
  actions: ["edit", "lives", "delete", "courseStudents", "courseEnrol"],
  links: { lives: { label: "直播管理", to: `${livePages.liveCourse.route}?courseId={Id}&courseName={Title}` } },
  /** 1 §8: a refused change of a course says nothing; a refused deletion shows the server's msg. */
  failureToasts: { update: false, remove: true },
  addLabel: "创建课程",
  forms: { create: "course.create", edit: "course.edit" },
  /**
   * The course's student management (1 §2.5, §7) and the cover upload. Pickers page by 5 (1 §9);
   * the add-by-mobile call takes one row of the xlsx import at a time.
   */
  extra: {
    unaddedStudents: ep("GET /cms/unaddedstudentcourse"),
    unaddedStudentsSearch: ep("GET /cms/unaddedstudentcoursesearch"),
    students: ep("GET /cms/studentcourse"),
    studentsSearch: ep("GET /cms/studentcoursesearch"),
    addStudent: ep("POST /cms/studentcourse"),
    removeStudent: ep("DELETE /cms/studentcourse"),
    addStudentByMobile: ep("POST /cms/inputstudentcourse"),
    upload: uploadApi.upload,
    /** The type codes the signed-in admin may create (1 §6), in form order; the main admin gets all. */
    offeredTypes: ep("GET /cms/coursetypes"),
  },
});
