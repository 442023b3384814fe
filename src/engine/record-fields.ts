import type { ResourceDecl } from "../../resources/kernel/define";

type Row = Record<string, unknown>;

/** A JSON text column's object, or undefined when the text is not one (an old or hand-edited row). */
function parseObject(value: unknown): Row | undefined {
  if (typeof value !== "string" || !value.startsWith("{")) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Row) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A column's value: `Name`, or `Product.productname`, which reads `productname` of the JSON text in
 * `Product` (2 §7 product templates keep a record as JSON text in one column).
 */
export function readField(row: Row, path: string): unknown {
  let value: unknown = row;
  for (const step of path.split(".")) {
    const holder = value && typeof value === "object" ? (value as Row) : parseObject(value);
    if (!holder) return undefined;
    value = holder[step];
  }
  return value;
}

/**
 * A row with the fields of its JSON text columns (the table's `{ json: [...] }` sources) set beside
 * its own, so an edit form fills `productname` from `Product`'s text as from any other field.
 */
export function flattenRecord(decl: ResourceDecl, row: Row): Row {
  const flat: Row = { ...row };
  for (const column of decl.table?.columns ?? []) {
    const from = column.from;
    if (!column.wire || !from || typeof from !== "object" || !("json" in from)) continue;
    const packed = parseObject(row[column.wire]);
    if (!packed) continue;
    for (const field of from.json) if (!(field in flat) && field in packed) flat[field] = packed[field];
  }
  return flat;
}
