import { defineFormPage } from "../kernel/form-page";
import { pushMenuKey, pushMessages } from "./push-api";
import { pushConfig } from "./push-config";

/**
 * /pushDataOp (3 §2.7, §5, §8): the signing secret above, the master switch and each api's
 * checkbox and address, 确定 saving them (配置保存成功！5分钟生效, or the server's words for an
 * entry it refuses, else 配置保存失败), and the delivery log under the form.
 */
export const pushConfigForm = defineFormPage({
  route: "/pushDataOp",
  title: pushConfig.title,
  kind: "single",
  access: pushMenuKey,
  form: pushConfig.form,
  intro: "开启后，所勾选接口对应的事件发生时，将以 POST 方式把 JSON 数据推送到填写的接口地址；请求头带签名，用下方推送密钥校验。",
  read: { call: pushConfig.api.get, failed: pushMessages.loadFailed },
  above: ["pushSecret"],
  below: ["pushDeliveries"],
  save: { call: pushConfig.api.update, success: pushConfig.saved, failure: { ownWords: [400], text: pushMessages.saveFailed }, after: "stay" },
});
