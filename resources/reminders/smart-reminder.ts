import { ep } from "../kernel/endpoint";
import { access, defineCalls } from "../kernel/call";
import { defineSingle } from "../kernel/single";
import { defineFormPage } from "../kernel/form-page";

/** The menu key of /smartTeaService (1 §2.2 value-added services), the permission of all its calls. */
export const smartServiceKey = "smartTeaService";

/**
 * The smart reminder's calls (3 §7.7: get status, get config, set config, enable). The spec names
 * `smsstatus` and `smsconfigure` among the cms calls (3 §7.8) without methods; Lectern maps them:
 * - get status: GET /cms/smsstatus → data.status (1 on, 0 off) and data.paidUntil;
 * - enable: POST /cms/smsstatus (a new subscription, so a POST; there is no way to switch it off);
 * - get config: GET /cms/smsconfigure → the groups with their before and after seconds;
 * - set config: PATCH /cms/smsconfigure with the groups (or some of them) to change.
 */
export const reminderApi = {
  status: ep("GET /cms/smsstatus"),
  enable: ep("POST /cms/smsstatus"),
  config: ep("GET /cms/smsconfigure"),
  configSet: ep("PATCH /cms/smsconfigure"),
} as const;

/** The reminder groups (3 §3): who is reminded, and how (SMS, or a voice call). */
export const reminderGroups = ["teacher", "student", "teachervoice", "studentvoice"] as const;
export type ReminderGroup = (typeof reminderGroups)[number];
export const reminderPhases = ["before", "after"] as const;
export type ReminderPhase = (typeof reminderPhases)[number];

/** Who a group reminds and through which channel. */
export const groupChannels: Record<ReminderGroup, { role: "teacher" | "student"; channel: "sms" | "voice" }> = {
  teacher: { role: "teacher", channel: "sms" },
  student: { role: "student", channel: "sms" },
  teachervoice: { role: "teacher", channel: "voice" },
  studentvoice: { role: "student", channel: "voice" },
};

/** One group's times: seconds before the start and after the end, 0 where it is not sent. */
export type ReminderTimes = Record<ReminderPhase, number>;
export type ReminderConfig = Record<ReminderGroup, ReminderTimes>;

/** Until the organisation chooses, nothing is sent (the time selectors show the spec's defaults, schemas/reminders/smart-reminder.edit.ui.json). */
export const reminderConfigDefaults: ReminderConfig = {
  teacher: { before: 0, after: 0 },
  student: { before: 0, after: 0 },
  teachervoice: { before: 0, after: 0 },
  studentvoice: { before: 0, after: 0 },
};

/** The service runs a year from being enabled (its fee is yearly, 3 §9). */
export const SERVICE_YEARS = 1;

/**
 * An SMS's parts, as it is billed (3 §9): one message holds 70 characters; a longer text is sent
 * in parts of 67 (the rest of each part carries the joining header). Characters are code points.
 */
export function smsParts(text: string): number {
  const n = [...text].length;
  return n <= 70 ? 1 : Math.ceil(n / 67);
}

/** A reminder call is billed as one minute (3 §9: 0.15 yuan a minute). */
export const VOICE_MINUTES_PER_CALL = 1;

export const reminderMessages = {
  saved: "配置保存成功",
  failed: "配置保存失败",
  confirmEnable: "开通智能提醒服务将从账户余额扣除年费，开通后不能在此关闭。确定开通吗？",
  enabled: "智能提醒服务已开通",
  configLoadFailed: "智能提醒配置加载失败",
} as const;

/**
 * The organisation's reminder times (3 §3 smart reminder config): one record, stored as JSON in
 * smart_reminders.config and carried as the groups themselves. The switch (enabled_at, paid_until)
 * is the same row's, moved only by the enable call.
 */
export const smartReminder = defineSingle({
  name: "smartReminder",
  title: "智能提醒",
  api: { get: reminderApi.config, update: reminderApi.configSet },
  access: { read: access.menu([smartServiceKey]), write: access.menu([smartServiceKey]) },
  form: "smart-reminder.edit",
  saved: reminderMessages.saved,
  table: {
    name: "smart_reminders",
    updated: "updated_at",
    single: { schema: "smart-reminder", defaults: reminderConfigDefaults, json: { column: "config" } },
  },
});

export const reminderCalls = defineCalls("reminders", {
  status: {
    endpoint: reminderApi.status,
    access: access.menu([smartServiceKey]),
    summary: "Whether the smart reminder service is on (3 §7.7 data.status: 1 on, 0 off) and until when it is paid",
  },
  enable: {
    endpoint: reminderApi.enable,
    body: "smart-reminder.enable",
    access: access.menu([smartServiceKey]),
    summary: "Turns the smart reminder service on for a year, charging its yearly fee once (918 when the organisation cannot pay); one way",
  },
});

/**
 * /smartTeaService (3 §2.7): the switch and the prices above (`smartService`, src/features/reminders),
 * the groups' before and after times under them; 确定 waits for a change.
 */
export const smartReminderForm = defineFormPage({
  route: "/smartTeaService",
  title: smartReminder.title,
  kind: "single",
  access: smartServiceKey,
  form: smartReminder.form,
  above: ["smartService"],
  read: { call: smartReminder.api.get, failed: reminderMessages.configLoadFailed },
  save: { call: smartReminder.api.update, success: smartReminder.saved, failure: { text: reminderMessages.failed }, changedOnly: true, after: "stay" },
});

const two = (n: number) => String(n).padStart(2, "0");
/** A live's start as a reminder says it: 11月28日 19:30 (the server's local time). */
export const reminderWhen = (ms: number) => {
  const d = new Date(ms);
  return `${d.getMonth() + 1}月${d.getDate()}日 ${two(d.getHours())}:${two(d.getMinutes())}`;
};

/**
 * What a reminder says (an SMS's text, a call's words), signed with the organisation's name: before
 * the start, when the live begins; after the end, that it is over (the students' replay).
 */
export function reminderText(role: "teacher" | "student", phase: ReminderPhase, org: string, title: string, beginMs: number): string {
  if (phase === "before")
    return role === "teacher" ? `【${org}】老师您好，您的直播课《${title}》将于${reminderWhen(beginMs)}开始，请提前做好上课准备。` : `【${org}】您好，您的直播课《${title}》将于${reminderWhen(beginMs)}开始，请准时进入教室。`;
  return role === "teacher" ? `【${org}】老师您好，您的直播课《${title}》已结束，感谢您的授课。` : `【${org}】您好，您的直播课《${title}》已结束，可登录观看回放。`;
}
