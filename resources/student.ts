import { defineResource } from "./define";
import { ep } from "./endpoint";

/** Students (1 §2.4 /studentop); rows of the batch import are checked by `student.import-row`. */
export default defineResource({
  name: "student",
  noun: "学生",
  title: "学生管理",
  route: "/studentop",
  menu: { group: "user", key: "studentop" },
  api: {
    list: ep("GET /cms/student"),
    search: ep("GET /cms/studentsearch"),
    create: ep("POST /cms/student"),
    update: ep("PATCH /cms/student"),
    remove: ep("DELETE /cms/student"),
  },
  id: "Id",
  label: "Name",
  columns: [
    { field: "Name", title: "姓名" },
    { field: "Mobile", title: "联系方式" },
    { field: "UpdateTime", title: "更新时间", format: "datetime" },
  ],
  search: { param: "key", placeholder: "请输入姓名或手机号" },
  actions: ["show", "edit", "delete"],
  forms: { create: "student.create", edit: "student.edit" },
  formFields: { id: "Id", name: "Name", mobile: "Mobile" },
  toolbar: ["studentImport"],
  show: "/studentInfo?mobile={Mobile}",
});
