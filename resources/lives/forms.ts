import { insufficientBalanceCode, liveApi, liveCourseKeys, liveMessages, liveSettingKey } from "./live-api";
import { liveSetting } from "./live-setting";
import { defineFormPage, type FormSection } from "../kernel/form-page";
import live, { changeLivePage, createLivePage, liveCourseRoute } from "./live";

/**
 * The live form's fields as the page groups them (2 §5): the schedule-conflict warning (issue 10)
 * sits under the time and the people it is about; the rest, the preference panels last, under it,
 * and under them a manual push's address and key (pushStreamType 1).
 */
const liveSections: readonly FormSection[] = [
  { fields: ["title", "begintime", "endtime", "teachers", "assistants"], panel: "liveConflicts" },
  { fields: ["emulateid", "detail", "clouddiskfiles", "subClassName", "config"], panel: "livePush" },
];

/** Back where the form was opened from (the course's lives or /liveop); opened from an address, the course's lives. */
const liveBack = [`${liveCourseRoute}?courseId={courseId}`, live.route];

/**
 * /createLive?courseId&courseType (2 §2, §5): a new live of a course, from the group's defaults
 * (setup `liveForm`, src/features/lives/form). A refused add says 当前余额不足，请尽快充值！ when
 * the balance cannot cover it, 您的账号欠费已达到最大额度限制，请及时充值！ at the arrears limit (918), and 课程创建失败，请联系管理员！ otherwise (2 §8); choosing a simulated-live
 * template asks first (2 §5).
 */
export const liveCreateForm = defineFormPage({
  ...createLivePage,
  kind: "create",
  access: liveCourseKeys,
  form: "live.create",
  params: ["courseId", "courseType"],
  required: { param: "courseId", missing: "未指定课程，请从课程的直播列表进入" },
  interCheck: true,
  setup: "liveForm",
  sections: liveSections,
  save: {
    call: liveApi.create,
    confirm: { field: "emulateid", text: liveMessages.confirmEmulate },
    success: "添加成功",
    failure: { byCode: { [insufficientBalanceCode]: [liveMessages.insufficientBalance, liveMessages.arrearsLimit] }, text: liveMessages.createFailed },
    after: "back",
  },
  back: liveBack,
});

/** /changeLive?liveId&courseType&courseId (2 §2, §5): a live's change; a refusal shows the server's words (2 §8). */
export const liveChangeForm = defineFormPage({
  ...changeLivePage,
  kind: "edit",
  access: liveCourseKeys,
  form: "live.edit",
  params: ["liveId", "courseId", "courseType"],
  required: { param: "liveId", missing: "未指定直播，请从直播列表进入" },
  interCheck: true,
  read: { call: liveApi.info, query: { liveid: "liveId" }, failed: "直播信息加载失败" },
  setup: "liveForm",
  above: ["liveEmulateNotice"],
  sections: liveSections,
  save: { call: liveApi.update, success: "修改成功", after: "back" },
  back: liveBack,
});

/**
 * /liveSetting (2 §2, 3 §2.7): the organisation's live defaults, one record, each setting with
 * 允许自由设置 beside it; 确定 waits for a change, and says 配置修改成功，新创建直播会使用最新配置
 * or 配置修改失败，请联系管理员 (3 §8).
 */
export const liveSettingForm = defineFormPage({
  route: "/liveSetting",
  title: liveSetting.title,
  kind: "single",
  access: liveSettingKey,
  form: liveSetting.form,
  intro: "新创建的直播使用以下默认设置；勾选「允许自由设置」的项目可在创建直播时单独修改，其余项目统一使用此处的设置。",
  read: { call: liveSetting.api.get, failed: "直播设置加载失败" },
  setup: "groupConfig",
  save: { call: liveSetting.api.update, success: liveSetting.saved, failure: { text: liveMessages.groupConfigFailed }, changedOnly: true, after: "stay" },
});

export const liveFormPages = [liveCreateForm, liveChangeForm, liveSettingForm];
