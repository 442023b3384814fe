import { defineResource } from "../kernel/define";
import { personFamily } from "./person";

/** Sub-admins (1 §2.4 /adminop): only the main admin manages them, whatever a sub-admin holds. */
export default defineResource({
  name: "subadmin",
  noun: "管理员",
  title: "子管理员",
  route: "/adminop",
  menu: { group: "user", key: "adminop" },
  mainAdminOnly: true,
  ...personFamily("subadmin"),
  actions: ["edit", "delete"],
  forms: { create: "subadmin.create", edit: "subadmin.edit" },
  formFields: { id: "Id", name: "Name", mobile: "Mobile", userop: "UserOp", useropex: "UserOpEx" },
  /**
   * 1 §2.4: 添加 on /adminop goes to the full-page form, and the same form (name, phone, password,
   * nickname, backend permissions) is also offered as a dialog.
   */
  createRoute: "/createAdmin",
  pageTitles: { create: "添加子管理员" },
  quickCreate: true,
});
