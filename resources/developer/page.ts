import { defineFormPage } from "../kernel/form-page";
import { defineRecordPage } from "../kernel/record-page";
import { developerApi, developerMenuKey, developerMessages } from "./developer";

const route = "/appidop";

/** 查看私钥: the code goes to the caller's own phone; the key is shown under the form (`appKeyShown`). */
export const viewKeyForm = defineFormPage({
  route,
  title: "查看私钥",
  kind: "single",
  access: developerMenuKey,
  form: "appid.key.edit",
  name: "appid-key",
  submit: "查看",
  read: { call: developerApi.ownMobile, failed: "手机号加载失败" },
  save: { call: developerApi.viewKey, send: ["authcode"], success: "验证成功", after: { part: "appKeyShown" } },
});

/** 重置AppId: the code goes to the main admin's phone; saved, the dialog closes and the new App Id shows. */
export const resetAppIdForm = defineFormPage({
  route,
  title: "重置AppId",
  kind: "single",
  access: developerMenuKey,
  form: "appid.reset.edit",
  name: "appid-reset",
  intro: "重置后原AppId和私钥立即失效，使用它们的接入需改用新的AppId和私钥。",
  submit: "重置",
  read: { call: developerApi.mainAdminMobile, failed: "主管理员手机号加载失败" },
  save: { call: developerApi.reset, send: ["authcode"], success: developerMessages.reset, failure: { prefix: developerMessages.resetFailed }, after: "back" },
});

/** /appidop (3 §2.7): the App Id and the private key masked, each with its dialog. */
export const developerPage = defineRecordPage({
  route,
  title: "AppId管理",
  access: developerMenuKey,
  width: 720,
  intro: "AppId和私钥用于开放接口的接入，请妥善保管私钥。",
  read: { call: developerApi.appId, failed: "AppId加载失败" },
  fields: [
    { field: "guid", label: "AppId", dialog: { label: "重置", form: resetAppIdForm, danger: true } },
    { field: "key", label: "私钥", dialog: { label: "查看", form: viewKeyForm } },
  ],
});
