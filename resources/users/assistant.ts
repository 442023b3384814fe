import { defineResource } from "../kernel/define";
import { personFamily } from "./person";
import emulateTemplate from "../lives/emulate-template";
import { liveCourseKeys } from "../lives/live-api";

/**
 * Assistants (1 §2.4 /assistantop, "like teachers"). The spec names no assistant search call,
 * so the list call takes the search key itself. It gives assistants no detail page (1 §2.4,
 * the route table), so the rows have no 查看: the teacher's page shows teachers only.
 */
export default defineResource({
  name: "assistant",
  noun: "助教",
  title: "助教管理",
  route: "/assistantop",
  menu: { group: "user", key: "assistantop" },
  // The live form (under either key of a course's lives) and the simulated-live template form pick from this list (2 §6).
  readableWith: [...liveCourseKeys, emulateTemplate.menu.key],
  ...personFamily("assistant", "/cms/assistant"),
  actions: ["edit", "delete"],
  forms: { create: "assistant.create", edit: "assistant.edit" },
  formFields: { id: "Id", name: "Name", mobile: "Mobile", userop: "UserOp" },
});
