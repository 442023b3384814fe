import adTemplate from "../lives/ad-template";
import assistant from "../users/assistant";
import { cloudDiskAudit } from "../cloud-disk/cloud-disk";
import { developerAudit } from "../developer/developer";
import course from "../courses/course";
import emulateTemplate from "../lives/emulate-template";
import { defineResource } from "../kernel/define";
import { ep } from "../kernel/endpoint";
import live from "../lives/live";
import { liveSetting } from "../lives/live-setting";
import { pushConfig } from "../data-push/push-config";
import { balanceAlert } from "../billing/alerts";
import { ledgerAudit } from "../billing/prices";
import { filterWordSingles } from "../filter-words/filter-words";
import { smartReminder } from "../reminders/smart-reminder";
import message from "./message";
import { chatAudit } from "../moderation/moderation-api";
import productTemplate from "../lives/product-template";
import student from "../users/student";
import subadmin from "../users/subadmin";
import teacher from "../users/teacher";

/** The resources whose writes are logged, name → title: the log's 资源 column and filter. */
const audited = [subadmin, teacher, assistant, student, course, live, message, productTemplate, adTemplate, emulateTemplate];
/** Logged writes that are no list resource: the organisation's settings records (resources/kernel/single.ts), cloud-disk files, the developer key (seen or reset), the ledger's movements. */
const auditedBespoke: Record<string, string> = {
  [liveSetting.name]: liveSetting.title,
  [pushConfig.name]: pushConfig.title,
  [cloudDiskAudit.resource]: cloudDiskAudit.title,
  [developerAudit.resource]: developerAudit.title,
  [balanceAlert.name]: balanceAlert.title,
  ...Object.fromEntries(filterWordSingles.map((single) => [single.name, single.title])),
  [smartReminder.name]: smartReminder.title,
  [ledgerAudit.resource]: ledgerAudit.title,
  [chatAudit.resource]: chatAudit.title,
};
export const auditResourceLabels: Record<string, string> = { ...Object.fromEntries(audited.map((r) => [r.name, r.title])), ...auditedBespoke };
export const auditActionLabels: Record<string, string> = { create: "新增", update: "修改", remove: "删除", view: "查看" };

/**
 * The history call of one record, for the 变更记录 drawer of every generated list:
 * `GET /cms/audithistory?resource=<resource name>&id=<record id>&page&count`, guarded by that
 * resource's menu key, answering `{code, data: AuditRow[], count}` newest first.
 */
export const auditApi = { history: ep("GET /cms/audithistory") };

/**
 * One logged write on the wire, in the history call and in the organisation's log:
 * `{Id, CreateTime: 'YYYY-MM-DD HH:mm:ss', ActorId, ActorName, Resource (a resource name),
 * RecordId, Action: "create" | "update" | "remove" | "view", Diff}`, Diff being JSON text
 * `{"before": {...}, "after": {...}}` of the changed fields by wire name, JSON text columns opened
 * (`"Product.productname": "…"`); create has only `after`, remove only `before`.
 */
export interface AuditRow {
  Id: number;
  CreateTime: string;
  ActorId: number;
  ActorName: string;
  Resource: string;
  RecordId: number;
  Action: "create" | "update" | "remove" | "view";
  Diff: string;
}

/**
 * The organisation's log (issue 9 item 9), main admin only: list-only, newest first, with filters
 * by resource, action, actor name fragment and date range (begintime/endtime, days included).
 * The engine serves it from this declaration like any list; its own reads are not logged.
 */
export default defineResource({
  name: "auditLog",
  noun: "日志",
  title: "操作日志",
  route: "/auditLog",
  menu: { group: "account", key: "auditLog" },
  mainAdminOnly: true,
  api: { list: ep("GET /cms/auditlog") },
  id: "Id",
  label: "Id",
  columns: [
    { field: "CreateTime", title: "时间", format: "datetime", width: 170 },
    { field: "ActorName", title: "操作人", width: 120 },
    { field: "Resource", title: "资源", format: "enum", options: auditResourceLabels, width: 110 },
    { field: "RecordId", title: "记录编号", width: 100 },
    { field: "Action", title: "操作", format: "enum", options: auditActionLabels, width: 80 },
  ],
  filters: [
    { kind: "enum", param: "resource", label: "资源", options: auditResourceLabels },
    { kind: "enum", param: "action", label: "操作", options: auditActionLabels },
    { kind: "text", param: "actor", label: "操作人", placeholder: "请输入操作人", maxLength: 30 },
    { kind: "dateRange", params: ["begintime", "endtime"], label: "时间" },
  ],
  /** A row opens to what the write changed, field by field (before → after). */
  expand: [{ field: "Diff", title: "变更内容", format: "diff" }],
  actions: [],
  forms: {},
  table: {
    name: "audit_log",
    columns: [
      { column: "id", wire: "Id" },
      { column: "created_at", wire: "CreateTime", datetime: true },
      { column: "actor_id", wire: "ActorId" },
      { column: "actor_name", wire: "ActorName" },
      { column: "resource", wire: "Resource" },
      { column: "record_id", wire: "RecordId" },
      { column: "action", wire: "Action" },
      { column: "diff", wire: "Diff" },
    ],
    filters: [
      { param: "resource", column: "resource", op: "eq" },
      { param: "action", column: "action", op: "eq" },
      { param: "actor", column: "actor_name", op: "like" },
      { param: "begintime", column: "created_at", op: "from" },
      { param: "endtime", column: "created_at", op: "to" },
    ],
    query: "audit-log.query",
    order: [{ column: "created_at", desc: true }],
    unaudited: true,
  },
});
