import { defineResource } from "../kernel/define";
import { personFamily } from "./person";

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
