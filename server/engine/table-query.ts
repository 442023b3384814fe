import { sql } from "kysely";
import type { TableDecl } from "../../resources/kernel/table";
import { parseDateTime } from "../../resources/kernel/local-time";
import type { OrgScope, OrgTable } from "./org-scope";
import type { StoredRow } from "./table-rows";

/**
 * The engine names tables and columns from declarations, which Kysely cannot type; this is the
 * one loose view of a builder it uses, always obtained from the organisation-scoped accessor.
 */
export interface LooseSelect {
  where(column: string, op: string, value: unknown): LooseSelect;
  where(expression: unknown): LooseSelect;
  selectAll(): LooseSelect;
  select(selection: unknown): LooseSelect;
  orderBy(column: string, direction: "asc" | "desc"): LooseSelect;
  limit(n: number): LooseSelect;
  offset(n: number): LooseSelect;
  execute(): Promise<StoredRow[]>;
  executeTakeFirst(): Promise<StoredRow | undefined>;
}

export const tableOf = (table: TableDecl) => table.name as OrgTable;

/** The rows a list may show: not voided, then narrowed by the search text and the filters given. */
export function listed(scope: OrgScope, table: TableDecl, query: Record<string, unknown>): LooseSelect {
  let q = scope.selectFrom(tableOf(table)) as unknown as LooseSelect;
  if (table.softDelete) q = q.where(table.softDelete.column, "=", 0);
  const text = table.search ? String(query[table.search.param] ?? "").trim() : "";
  if (table.search && text) {
    const pattern = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const columns = table.search.columns;
    q = q.where(sql`(${sql.join(columns.map((c) => sql`${sql.ref(c)} like ${pattern} escape '\\'`), sql` or `)})`);
  }
  for (const f of table.filters ?? []) {
    const raw = query[f.param];
    if (raw === undefined || raw === "" || raw === null) continue;
    if (f.op === "eq") q = q.where(f.column, "=", raw);
    else if (f.op === "like") {
      const t = String(raw).trim();
      if (t) q = q.where(f.column, "like", `%${t.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    } else {
      const ms = parseDateTime(String(raw), f.op === "to");
      if (ms !== null) q = q.where(f.column, f.op === "from" ? ">=" : "<=", ms);
    }
  }
  return q;
}

/** Whether the query narrows the list (a search text or a filter), so its total is not the table's. */
export function narrows(table: TableDecl, query: Record<string, unknown>): boolean {
  if (table.search && String(query[table.search.param] ?? "").trim()) return true;
  return (table.filters ?? []).some((f) => {
    const raw = query[f.param];
    return raw !== undefined && raw !== "" && raw !== null;
  });
}

/** One stored row by id, in the caller's organisation (voided rows count as gone). */
export function byId(scope: OrgScope, table: TableDecl, id: number): Promise<StoredRow | undefined> {
  let q = (scope.selectFrom(tableOf(table)) as unknown as LooseSelect).selectAll().where("id", "=", id);
  if (table.softDelete) q = q.where(table.softDelete.column, "=", 0);
  return q.executeTakeFirst();
}

/** A unique index refused the write, on either database. */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
