import { defineResource, type ResourceDecl } from "../kernel/define";
import { liveApi, liveCourseKeys, liveLimits, liveTypeLabels } from "./live-api";

/** The live types a template may record (the create form's choice; fixed once created). */
export const templateLiveTypes: Record<string, string> = Object.fromEntries(["1", "6", "2"].map((t) => [t, liveTypeLabels[t]]));

/**
 * Simulated-live templates (2 §2 /fzLiveTemplate, /createFzLive, /changeFzLive; §3, §7): the recorded
 * class a simulated live replays, with its time and the teachers and assistants who taught it
 * (JSON text lists `[{account, name}]`, read back by server/hooks/emulate-template.ts to the
 * organisation's people). Voiding is one way (`voided` = 1; the record's Status 1 active, 0
 * voided) and a voided template leaves the lists. The live form picks from the list (5 a page,
 * title search), so the keys of a course's lives (liveop, courseop) may read it too.
 */
const emulateTemplate = defineResource({
  name: "emulateTemplate",
  noun: "仿真直播模板",
  title: "仿真直播模板",
  route: "/fzLiveTemplate",
  menu: { group: "fzlive", key: "fzLiveTemplate" },
  readableWith: liveCourseKeys,
  api: {
    list: liveApi.templates,
    search: liveApi.templatesSearch,
    get: liveApi.templateInfo,
    create: liveApi.templateCreate,
    update: liveApi.templateUpdate,
    remove: liveApi.templateRemove,
  },
  id: "Id",
  label: "Title",
  columns: [
    { field: "Title", title: "模板名称" },
    { field: "LiveType", title: "直播类型", format: "enum", options: templateLiveTypes, width: 96 },
    { field: "BeginTime", title: "开始时间", format: "datetime", width: 160 },
    { field: "EndTime", title: "结束时间", format: "datetime", width: 160 },
    { field: "Teachers", title: "老师", format: "tags", tags: { label: "name", max: 3 } },
    { field: "Assistants", title: "助教", format: "tags", tags: { label: "name", max: 3 } },
  ],
  filters: [
    { kind: "text", param: "title", label: "模板名称", placeholder: "请输入模板名称", maxLength: 60 },
    { kind: "dateRange", params: ["begintime", "endtime"], label: "开始时间" },
  ],
  expand: [
    { field: "Id", title: "模板编号" },
    { field: "Detail", title: "模板描述" },
    { field: "CreateTime", title: "创建时间", format: "datetime" },
    { field: "UpdateTime", title: "更新时间", format: "datetime" },
  ],
  actions: ["edit", "delete"],
  addLabel: "创建模板",
  forms: { create: "emulate-template.create", edit: "emulate-template.edit" },
  formLabels: { livetype: templateLiveTypes },
  createRoute: "/createFzLive",
  editRoute: "/changeFzLive?liveId={Id}&courseType={LiveType}",
  pageTitles: { create: "创建仿真直播模板", edit: "修改仿真直播模板" },
  table: {
    name: "emulate_templates",
    columns: [
      { column: "id", wire: "Id" },
      { column: "title", wire: "Title", from: { form: "title" } },
      { column: "live_type", wire: "LiveType", from: { form: "livetype" } },
      { column: "begin_time", wire: "BeginTime", from: { form: "begintime" }, datetime: true },
      { column: "end_time", wire: "EndTime", from: { form: "endtime" }, datetime: true },
      { column: "detail", wire: "Detail", from: { form: "detail" } },
      { column: "teachers", wire: "Teachers", from: { form: "teachers" } },
      { column: "assistants", wire: "Assistants", from: { form: "assistants" } },
      { column: "created_at", wire: "CreateTime", from: "created", datetime: true },
      { column: "updated_at", wire: "UpdateTime", from: "updated", datetime: true },
    ],
    filters: [
      { param: "title", column: "title", op: "like" },
      { param: "begintime", column: "begin_time", op: "from" },
      { param: "endtime", column: "begin_time", op: "to" },
    ],
    query: "emulate-template.search",
    order: [{ column: "begin_time", desc: true }],
    softDelete: { column: "voided", wire: "Status" },
    hooks: "emulate-template",
  },
});

export default emulateTemplate;

/**
 * The live form's template picker (2 §2): the templates 5 a page with a title search, each with its
 * time and up to three teacher and three assistant tags, and 选择. The same resource, shown as the
 * picker's dialog lists it (the engine's table, its place in the dialog's state).
 */
export const templatePicker: ResourceDecl = {
  ...emulateTemplate,
  title: "选择仿真直播模板",
  columns: [
    { field: "Title", title: "模板名称" },
    { field: "BeginTime", title: "时间", format: "range", to: "EndTime", sameDayShort: true, nowrap: true, width: 190 },
    ...emulateTemplate.columns.filter((column) => column.format === "tags"),
  ],
  // The picker reads: no writes (and so no 变更记录) are offered from it.
  api: { list: emulateTemplate.api.list, search: emulateTemplate.api.search },
  search: { param: "title", placeholder: "请输入模板名称" },
  filters: undefined,
  expand: undefined,
  actions: ["pick"],
  actionsWidth: 80,
  forms: {},
  createRoute: undefined,
  editRoute: undefined,
  pageSizes: [liveLimits.templatePageSize],
  emptyTexts: { none: "还没有仿真直播模板", searched: "没有找到匹配的模板" },
};
