import { defineResource } from "../kernel/define";
import { personFamily } from "./person";
import emulateTemplate from "../lives/emulate-template";
import { liveCourseKeys } from "../lives/live-api";

/** Teachers (1 §2.4 /teacherop). */
export default defineResource({
  name: "teacher",
  noun: "老师",
  title: "老师管理",
  route: "/teacherop",
  menu: { group: "user", key: "teacherop" },
  // The live form (under either key of a course's lives) and the simulated-live template form pick from this list (2 §6).
  readableWith: [...liveCourseKeys, emulateTemplate.menu.key],
  ...personFamily("teacher", "/cms/teachersearch"),
  actions: ["show", "edit", "delete"],
  forms: { create: "teacher.create", edit: "teacher.edit" },
  formFields: { id: "Id", name: "Name", mobile: "Mobile", userop: "UserOp" },
  show: "/teacherInfo?teacherId={Id}",
  pageTitles: { show: "老师详情" },
});
