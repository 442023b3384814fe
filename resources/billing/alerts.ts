import { access } from "../kernel/call";
import { defineResource } from "../kernel/define";
import { ep } from "../kernel/endpoint";
import { defineSingle } from "../kernel/single";
import { billingPages } from "./routes";

/** The account overview's menu key (3 §2.3): its balance, threshold, recipients and panels. */
export const overviewMenuKey = "accountOverview";

/**
 * The low-balance warning (3 §2.3, §7.2, issue 19 item 2): the threshold, who is told, and the
 * code that proves a recipient's phone. A recipient's code is asked for behind that mobile's graphic
 * captcha, like every code request (1 §5).
 */
export const alertApi = {
  /** → `{config}`: the threshold in yuan, as text. */
  threshold: ep("GET /cms/groupalertsms"),
  /** `{config}` → 设置成功. */
  setThreshold: ep("PATCH /cms/groupalertsms"),
  /** → the recipients, `[{id, name, mobile}]`. */
  recipients: ep("GET /cms/notifysmsuser"),
  /** `{name, mobile, code}`: the code the mobile was sent. */
  addRecipient: ep("POST /cms/notifysmsuser"),
  removeRecipient: ep("DELETE /cms/notifysmsuser"),
  /** `{mobile, authcode}`: an SMS code to a would-be recipient's mobile, behind its graphic captcha. */
  recipientCode: ep("POST /cms/commonauthcode"),
} as const;

export const alertMessages = {
  thresholdSaved: "设置成功",
  codeSent: "验证码已发送",
  tooManyRecipients: "短信通知人最多20人",
  mobileTaken: "该手机号已是通知人",
} as const;

/** The most recipients an organisation keeps: each crossing texts every one of them. */
export const MAX_RECIPIENTS = 20;

/**
 * The warning threshold, an organisation's one record (balance_alerts): the overview's balance takes
 * the low style at or below it, and a balance falling to it texts the recipients. Sent as typed (3
 * §5): the form checks nothing but its length; the record's schema bounds it on the server.
 */
export const balanceAlert = defineSingle({
  name: "balanceAlert",
  title: "余额预警",
  api: { get: alertApi.threshold, update: alertApi.setThreshold },
  access: { read: access.menu([overviewMenuKey]), write: access.menu([overviewMenuKey]) },
  form: "balance-alert.edit",
  saved: alertMessages.thresholdSaved,
  table: {
    name: "balance_alerts",
    updated: "updated_at",
    columns: [{ column: "config", wire: "config" }],
    single: { schema: "balance-alert", defaults: { config: "0" } },
  },
});

/**
 * 短信通知人 (3 §3 SMS notify person, §5, §7.2): listed and added in the overview's dialog, not at a
 * route of their own. Adding needs the code the mobile was sent (server/hooks/notify-person.ts).
 */
export const notifyPerson = defineResource({
  name: "notifyPerson",
  noun: "通知人",
  title: "短信通知人",
  route: billingPages.accountOverview.route,
  inPage: true,
  menu: { group: "account", key: overviewMenuKey },
  api: { list: alertApi.recipients, create: alertApi.addRecipient, remove: alertApi.removeRecipient },
  id: "id",
  label: "name",
  columns: [
    { field: "name", title: "姓名" },
    { field: "mobile", title: "手机号", format: "mobile" },
  ],
  actions: ["delete"],
  forms: { create: "notify-person.create" },
  emptyText: "还没有短信通知人",
  table: {
    name: "notify_persons",
    columns: [
      { column: "id", wire: "id" },
      { column: "name", wire: "name", from: { form: "name" } },
      { column: "mobile", wire: "mobile", from: { form: "mobile" } },
      { column: "created_at", from: "created" },
      { column: "updated_at", from: "updated" },
    ],
    order: [{ column: "created_at" }],
    unique: [{ columns: ["mobile"], message: alertMessages.mobileTaken, field: "mobile" }],
    hooks: "notify-person",
    consumes: ["code"],
  },
});

/** The threshold in thousandths of a yuan, from its text (0 when there is none to read). */
export function thresholdMilli(config: unknown): number {
  const yuan = Number(config);
  return Number.isFinite(yuan) && yuan > 0 ? Math.round(yuan * 1000) : 0;
}
