import { defineFormPage } from "../kernel/form-page";
import { defineTabbedForms } from "../kernel/tabbed-forms";
import { authApi } from "../auth/auth";
import { portalApi, portalMessages } from "./portal";
import { portalChildren } from "./routes";

const title = portalChildren.find((page) => page.child === "userinfo")!.title;

/**
 * A refused change as 2 §8 words it: 网络异常 when no answer came, else 修改失败 (or the password's)
 * and the server's code (修改失败 #1: the spec's message carries the code), or the server's words
 * when it gives no code. The server's words for a field go under that field.
 */
const failure = (prefix: string) => ({ network: portalMessages.network, numbered: prefix, prefix: `${prefix}：` });

/** 修改密码 of the portal (2 §5): old, new (password.def, 6-16 letters and digits) and again; this session stays signed in. */
export const portalPasswordForm = defineFormPage({
  route: "userinfo",
  title: "修改密码",
  kind: "single",
  form: "portal.passwd.edit",
  name: "portal-password",
  submit: "修改密码",
  save: { call: portalApi.password, send: ["old_passwd", "new_passwd"], success: "修改成功", failure: failure(portalMessages.passwordFailed), after: "reset" },
});

/**
 * 修改手机号 (2 §5, §7): the new mobile and its SMS code (`portalSmsCode`, behind the graphic
 * captcha); the area code goes as its default (resources/auth `defaultAreaCode`, the schema's
 * default). A change done starts a fresh form: no captcha image and no wait left from the mobile just set.
 */
export const portalPhoneForm = defineFormPage({
  route: "userinfo",
  title: "修改手机号",
  kind: "single",
  form: "portal.mobile.edit",
  name: "portal-phone",
  submit: "修改手机号",
  save: { call: portalApi.mobile, send: ["area_code", "mobile", "auth_code"], success: "修改成功", failure: failure("修改失败"), after: "reset", refreshIdentity: true },
});

/** 修改昵称: the name the rooms and the top bar show, starting from the person's own. */
export const portalNicknameForm = defineFormPage({
  route: "userinfo",
  title: "修改昵称",
  kind: "single",
  form: "portal.nickname.edit",
  name: "portal-nickname",
  submit: "修改昵称",
  read: { call: authApi.userInfo, failed: "个人信息加载失败" },
  save: { call: portalApi.nickname, success: "修改成功", failure: failure("修改失败"), after: "stay", refreshIdentity: true },
});

/** 个人信息 (2 §5): the person's own details (`portalIdentity`), and their own changes, one a tab. */
export const portalAccountPage = defineTabbedForms({
  title,
  width: 640,
  above: ["portalIdentity"],
  tabs: [
    { key: "password", form: portalPasswordForm },
    { key: "phone", form: portalPhoneForm },
    { key: "nickname", form: portalNicknameForm },
  ],
});
