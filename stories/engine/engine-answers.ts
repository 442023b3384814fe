/**
 * The server's answers the engine stories and tests are built from, as mock routes
 * (stories/mock-api.ts), for any declared resource: only the calls its declaration names are
 * answered, and every write is kept in a change log the history call (变更记录) answers from.
 */
import { auditApi, type AuditRow } from "../../resources/platform/audit-log";
import type { ResourceDecl } from "../../resources/kernel/define";
import { authApi } from "../../resources/auth/auth";
import { failEnvelope, okEnvelope, type MockRoutes } from "../mock-api";
import { mainAdminMenu, me } from "../support/fixtures";
import { sampleRows } from "./sample-rows";

type Row = Record<string, unknown>;
type Query = Record<string, unknown>;

/** A main admin's session around an engine screen: the menu (for the page's access check) and the interaction check. */
export const engineSession: MockRoutes = [
  [authApi.menu, okEnvelope(mainAdminMenu)],
  [authApi.interCheck, okEnvelope()],
];

/** Reads `Product.productname` from the JSON text of `Product`, a plain field otherwise. */
function readPath(row: Row, path: string): unknown {
  const [head, ...rest] = path.split(".");
  if (rest.length === 0) return row[head];
  try {
    return (JSON.parse(String(row[head] ?? "{}")) as Row)[rest.join(".")];
  } catch {
    return undefined;
  }
}

/** Every column value of a row, JSON text opened, by wire name: what the log compares. */
const flat = (decl: ResourceDecl, row: Row): Row =>
  Object.fromEntries([...decl.columns.map((column) => column.field), decl.id].map((field) => [field, readPath(row, field)]));

/** A form body as record fields: `formFields` maps form → record, else the column of the same name ignoring case. */
function bodyAsRecord(decl: ResourceDecl, body: Row): Row {
  const record: Row = {};
  for (const [name, value] of Object.entries(body)) {
    const field = decl.formFields?.[name] ?? decl.columns.find((column) => column.field.toLowerCase() === name.toLowerCase())?.field;
    if (field && field !== decl.id) record[field] = value;
  }
  return record;
}

function changed(before: Row, after: Row) {
  const diff = { before: {} as Row, after: {} as Row };
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[field] ?? null) === JSON.stringify(after[field] ?? null)) continue;
    if (field in before) diff.before[field] = before[field];
    if (field in after) diff.after[field] = after[field];
  }
  return diff;
}

/** The free text a list's search box or first text filter sends (`key`, or `title` for courses). */
function searched(decl: ResourceDecl, query: Query): string {
  const params = [decl.search?.param, ...(decl.filters ?? []).flatMap((filter) => (filter.kind === "text" ? [filter.param] : []))];
  return params.map((param) => (param ? String(query[param] ?? "").trim() : "")).find(Boolean) ?? "";
}

/**
 * The declared calls of `decl` over a copy of `rows`: paged lists (the search call too) matching
 * the free text against every column, and add, change and delete where declared, each kept in
 * the records and in the change log that `GET /cms/audithistory` pages through, newest first.
 */
export function resourceAnswers(decl: ResourceDecl, rows: Row[]): MockRoutes {
  const records = rows.map((row) => ({ ...row }));
  const log: AuditRow[] = [];
  let nextId = 9000;
  const record = (action: AuditRow["Action"], id: unknown, diff: object) =>
    log.unshift({ Id: log.length + 1, CreateTime: "2026-11-20 10:00:00", ActorId: 1, ActorName: me.nickname ?? "管理员", Resource: decl.name, RecordId: Number(id), Action: action, Diff: JSON.stringify(diff) });

  const list = ({ query }: { query: Query }) => {
    const page = Number(query.page ?? 1);
    const count = Number(query.count ?? 10);
    const text = searched(decl, query);
    const hits = records.filter((row) => !text || Object.values(flat(decl, row)).some((value) => String(value ?? "").includes(text)));
    return okEnvelope(hits.slice((page - 1) * count, page * count), { count: hits.length });
  };
  const routes: MockRoutes = [...engineSession, [auditApi.history, ({ query }) => {
    const mine = log.filter((row) => row.Resource === query.resource && String(row.RecordId) === String(query.id));
    const page = Number(query.page ?? 1);
    const count = Number(query.count ?? 10);
    return okEnvelope(mine.slice((page - 1) * count, page * count), { count: mine.length });
  }]];
  if (decl.api.list) routes.push([decl.api.list, list]);
  if (decl.api.search) routes.push([decl.api.search, list]);
  if (decl.api.get)
    routes.push([decl.api.get, ({ query }) => {
      const row = records.find((candidate) => String(candidate[decl.id]) === String(query.id));
      return row ? okEnvelope(row) : failEnvelope(404, `${decl.noun}不存在`);
    }]);
  if (decl.api.create)
    routes.push([decl.api.create, ({ body }) => {
      const created: Row = { [decl.id]: nextId++, ...bodyAsRecord(decl, body) };
      records.unshift(created);
      record("create", created[decl.id], { after: flat(decl, created) });
      return okEnvelope(created, { msg: "添加成功" });
    }]);
  if (decl.api.update)
    routes.push([decl.api.update, ({ body }) => {
      const row = records.find((candidate) => String(candidate[decl.id]) === String(body.id));
      if (!row) return failEnvelope(404, "记录不存在");
      const before = flat(decl, row);
      Object.assign(row, bodyAsRecord(decl, body));
      record("update", body.id, changed(before, flat(decl, row)));
      return okEnvelope(row, { msg: "修改成功" });
    }]);
  if (decl.api.remove)
    routes.push([decl.api.remove, ({ body, query }) => {
      const id = body.id ?? query.id;
      const at = records.findIndex((candidate) => String(candidate[decl.id]) === String(id));
      if (at >= 0) record("remove", id, { before: flat(decl, records.splice(at, 1)[0]) });
      return okEnvelope(null, { msg: decl.table?.softDelete ? "作废成功" : "删除成功" });
    }]);
  return routes;
}

/** The list call fails with a message, as when the service is down. */
export const listFails = (decl: ResourceDecl): MockRoutes => [
  ...engineSession,
  ...(decl.api.list ? [[decl.api.list, failEnvelope(500, `${decl.title}服务暂不可用，请稍后再试`)] as MockRoutes[number]] : []),
];

/** The server refuses an add for a number already in use, naming the field. */
export const mobileTaken = (decl: ResourceDecl): MockRoutes => [
  ...resourceAnswers(decl, sampleRows(decl, 3)),
  [decl.api.create!, failEnvelope(1, "该手机号已存在", { field: "mobile" })],
];

// The names the person lists' tests and stories have always used.
export { sampleRows as userRows, resourceAnswers as familyAnswers };
export type UserRow = Row;
