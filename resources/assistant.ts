import { defineResource } from "./define";
import { ep } from "./endpoint";

/**
 * Assistants (1 §2.4 /assistantop, "like teachers"). The spec names no assistant search call,
 * so the list call takes the search key itself; the detail is the teacher detail page, whose
 * statistics are per user id and hold for an assistant alike.
 */
export default defineResource({
  name: "assistant",
  noun: "助教",
  title: "助教管理",
  route: "/assistantop",
  menu: { group: "user", key: "assistantop" },
  api: {
    list: ep("GET /cms/assistant"),
    search: ep("GET /cms/assistant"),
    create: ep("POST /cms/assistant"),
    update: ep("PATCH /cms/assistant"),
    remove: ep("DELETE /cms/assistant"),
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
  forms: { create: "assistant.create", edit: "assistant.edit" },
  formFields: { id: "Id", name: "Name", mobile: "Mobile", userop: "UserOp" },
  show: "/teacherInfo?teacherId={Id}",
});
