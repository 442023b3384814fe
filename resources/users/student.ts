import { defineResource } from "../kernel/define";
import { personFamily } from "./person";
import { pickerPageSize } from "../kernel/paging";

/** Students (1 §2.4 /studentop); rows of the batch import are checked by `student.import-row`. */
export default defineResource({
  name: "student",
  noun: "学生",
  title: "学生管理",
  route: "/studentop",
  menu: { group: "user", key: "studentop" },
  ...personFamily("student", "/cms/studentsearch"),
  actions: ["show", "edit", "delete"],
  forms: { create: "student.create", edit: "student.edit" },
  formFields: { id: "Id", name: "Name", mobile: "Mobile" },
  toolbar: ["studentImport"],
  show: "/studentInfo?mobile={Mobile}",
  pageTitles: { show: "学生详情" },
});

/**
 * Students as both two-pane pickers list them (1 §2.5 学员管理 of a course, 2 §2 添加学员 of a live):
 * name and mobile, 5 a page, searched by `key` (a name fragment or digits of the mobile).
 */
export const studentPickerRows = {
  noun: "学员",
  id: "Id",
  label: "Name",
  columns: [
    { field: "Name", title: "姓名", ellipsis: true },
    { field: "Mobile", title: "手机号", width: 130 },
  ],
  search: { param: "key", placeholder: "请输入姓名或手机号" },
  pageSize: pickerPageSize,
  unit: "人",
  rowParam: "userid",
} as const;

/** The words of the two student panes, the same for a course and a live (1 §2.5, 2 §2). */
export const studentPaneWords = {
  unadded: { title: "未添加学员", emptyText: "没有未添加的学员", action: { label: "添加", doneText: "添加成功" } },
  added: { title: "已添加学员", emptyText: "还没有添加学员", countsSeats: true, action: { label: "移除", doneText: "删除成功" } },
} as const;
