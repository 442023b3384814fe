import { defineResource } from "./define";
import { ep } from "./endpoint";

/** Teachers (1 §2.4 /teacherop). */
export default defineResource({
  name: "teacher",
  noun: "老师",
  title: "老师管理",
  route: "/teacherop",
  menu: { group: "user", key: "teacherop" },
  api: {
    list: ep("GET /cms/teacher"),
    search: ep("GET /cms/teachersearch"),
    create: ep("POST /cms/teacher"),
    update: ep("PATCH /cms/teacher"),
    remove: ep("DELETE /cms/teacher"),
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
  forms: { create: "teacher.create", edit: "teacher.edit" },
  formFields: { id: "Id", name: "Name", mobile: "Mobile", userop: "UserOp" },
  show: "/teacherInfo?teacherId={Id}",
});
