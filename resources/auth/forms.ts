import { authApi } from "./auth";
import { defineFormPage } from "../kernel/form-page";

/**
 * /changepwd (3 §5): the admin's own password, a single-record form over the signed-in person
 * (the phone the code goes to), confirmed by an SMS code. A refusal says 密码修改失败 and the
 * server's words, joined as the console joins every such prefix (：); a change signs out.
 */
export const changePasswordForm = defineFormPage({
  route: "/changepwd",
  title: "修改密码",
  kind: "single",
  form: "chgpasswd.edit",
  width: 640,
  read: { call: authApi.userInfo, failed: "账号信息加载失败" },
  save: {
    call: authApi.changePassword,
    send: ["auth_code", "passwd"],
    success: "密码修改成功，请重新登录",
    failure: { prefix: "密码修改失败：" },
    after: "signOut",
  },
});
