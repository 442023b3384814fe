import { parseDateTime } from "../../resources/kernel/local-time";
import type { TableColumn, TableDecl } from "../../resources/kernel/table";
import { ApiError } from "../plugins/envelope";
import { formatDateTime } from "../services/datetime";
import type { Actor } from "./org-scope";

/** A row as the database holds it. */
export type StoredRow = Record<string, unknown>;
/** A record as the wire carries it (`{Id, Product}`). */
export type WireRow = Record<string, unknown>;
/** The validated body of a create or edit form. */
export type FormValues = Record<string, unknown>;

/** The row answered to the client: `id` under the resource's id field, then every column with a wire name. */
export function toWire(table: TableDecl, idField: string, row: StoredRow): WireRow {
  const wire: WireRow = { [idField]: row.id };
  for (const c of table.columns) {
    if (!c.wire || c.column === "id") continue;
    const value = row[c.column];
    wire[c.wire] = c.datetime ? formatDateTime(Number(value)) : value;
  }
  // A voiding table says on each record whether it is still active (1) or voided (0).
  if (table.softDelete?.wire) wire[table.softDelete.wire] = Number(row[table.softDelete.column]) ? 0 : 1;
  return wire;
}

const parseObject = (text: unknown): Record<string, unknown> => {
  try {
    const value = JSON.parse(String(text)) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The wire record with its JSON text columns opened (`Product.productname`): what the audit log compares. */
export function flattenForAudit(table: TableDecl, wire: WireRow): WireRow {
  const flat: WireRow = {};
  for (const [field, value] of Object.entries(wire)) {
    const column = table.columns.find((c) => c.wire === field);
    if (column?.from && typeof column.from === "object" && "json" in column.from)
      for (const [key, inner] of Object.entries(parseObject(value))) flat[`${field}.${key}`] = inner;
    else flat[field] = value;
  }
  return flat;
}

/** The form values a stored row was written from: what an edit hook sees as `before`. */
export function formValuesOf(table: TableDecl, row: StoredRow): FormValues {
  const values: FormValues = {};
  for (const c of table.columns) {
    if (!c.from || typeof c.from !== "object") continue;
    if ("form" in c.from) values[c.from.form] = c.datetime ? formatDateTime(Number(row[c.column])) : row[c.column];
    else Object.assign(values, parseObject(row[c.column]));
  }
  return values;
}

function valueOf(c: TableColumn, values: FormValues, now: number, actor: Actor, creating: boolean): [boolean, unknown] {
  const from = c.from;
  if (from === "actor") return [creating, actor.name];
  if (from === "created") return [creating, now];
  if (from === "updated") return [true, now];
  if (!from) return [false, undefined];
  if ("form" in from) return [from.form in values, c.datetime ? storedTime(values[from.form]) : values[from.form]];
  // The JSON text keeps the declared field order and every declared field, so two saves of the same values read the same.
  return [true, JSON.stringify(Object.fromEntries(from.json.map((f) => [f, values[f] ?? ""])))];
}

/** A datetime column stores epoch ms of the 'YYYY-MM-DD HH:mm:ss' its form field sends (its schema checks the shape). */
function storedTime(value: unknown): number {
  const ms = typeof value === "string" ? parseDateTime(value) : null;
  if (ms === null) throw new ApiError(400, "时间格式不正确");
  return ms;
}

/** The columns a create (every sourced column) or an update (the changing ones) writes. */
export function columnsToWrite(table: TableDecl, values: FormValues, actor: Actor, creating: boolean): Record<string, unknown> {
  const now = Date.now();
  const out: Record<string, unknown> = {};
  for (const c of table.columns) {
    const [write, value] = valueOf(c, values, now, actor, creating);
    if (write) out[c.column] = value ?? "";
  }
  return out;
}
