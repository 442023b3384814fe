/**
 * Records of any declared resource, made from its declaration alone: every column and expanded
 * field filled by its format, text fields typed by the resource's form schema (a number where the
 * form takes a number, a phone where it references the phone definition). No resource is assumed
 * to be a person: a new declaration gets rows, and so stories, with no fixture written for it.
 */
import type { ColumnDecl, ResourceDecl } from "../../resources/kernel/define";
import { schemaFiles } from "../../src/engine/schema-files";

type Row = Record<string, unknown>;
type SchemaNode = { type?: string | string[]; $ref?: string; enum?: unknown[]; properties?: Record<string, SchemaNode> };

const schemaOf = (id: string | undefined) => (id ? (schemaFiles.find((file) => file.$id === id) as SchemaNode | undefined) : undefined);

const surnames = "王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗";
const givens = ["伟", "芳", "娜", "敏", "静", "强", "磊", "洋", "艳", "杰", "军", "婷", "涛", "明", "超", "秀英", "志强", "丽华", "建国", "雨欣"];
const personName = (n: number) => surnames[n % surnames.length] + givens[(n * 7) % givens.length];

/** The newest record changed 2026-11-20 09:30 (server time); each older one about two hours before. */
const timeOf = (i: number, laterMs = 0) => new Date(Date.UTC(2026, 10, 20, 9, 30) - i * 7_380_000 + laterMs).toISOString().slice(0, 19).replace("T", " ");

/** A form property's schema for a record field: `formFields` maps form → record, else the same name ignoring case. */
function formProperty(decl: ResourceDecl, field: string): SchemaNode | undefined {
  const formName =
    Object.entries(decl.formFields ?? {}).find(([, recordField]) => recordField === field)?.[0] ?? field.toLowerCase();
  for (const id of [decl.forms.edit, decl.forms.create]) {
    const properties = schemaOf(id)?.properties ?? {};
    const match = Object.keys(properties).find((name) => name.toLowerCase() === formName.toLowerCase());
    if (match) return properties[match];
  }
  return undefined;
}

const isPhone = (decl: ResourceDecl, column: ColumnDecl) =>
  column.format === "mobile" || (formProperty(decl, column.field)?.$ref ?? "").startsWith("phone.def");

const hasPhone = (decl: ResourceDecl) => decl.columns.some((column) => isPhone(decl, column));

/** One field of the `n`-th record (`i` places from the newest), as its column's format says. */
function valueOf(decl: ResourceDecl, column: ColumnDecl, n: number, i: number): unknown {
  switch (column.format) {
    case "datetime":
      return timeOf(i);
    case "date":
      return timeOf(i).slice(0, 10);
    case "image":
      return `/uploads/story-cover-${(n % 4) + 1}.svg`;
    case "diff":
      return JSON.stringify({ before: { Name: personName(n) }, after: { Name: `${personName(n)}${n}` } });
    case "range":
      return timeOf(i);
    case "tags": {
      // One to four people, so a list shows its first three and a +1.
      const people = Array.from({ length: 1 + (n % 4) }, (_, k) => ({ account: 5000 + n * 10 + k, [column.tags?.label ?? "name"]: personName(n + k * 3) }));
      return JSON.stringify(people);
    }
    case "enum": {
      const keys = Object.keys(column.options ?? {});
      const key = keys[n % Math.max(keys.length, 1)] ?? "";
      return /^-?\d+$/.test(key) ? Number(key) : key;
    }
  }
  if (isPhone(decl, column)) return `13${String(600_000_000 + n * 7919).slice(-9)}`;
  const property = formProperty(decl, column.field);
  const type = [property?.type].flat()[0];
  if (type === "integer" || type === "number") return (n % 50) + 1;
  if (property?.enum?.length) return property.enum[n % property.enum.length];
  if (column.field === decl.label) return hasPhone(decl) ? personName(n) : `${decl.noun}${n}`;
  return `${column.title}${n}`;
}

/** Sets `Product.productname` inside the JSON text of `Product`, a plain field otherwise. */
function setField(row: Row, path: string, value: unknown) {
  const [head, ...rest] = path.split(".");
  if (rest.length === 0) {
    row[head] = value;
    return;
  }
  const packed = typeof row[head] === "string" ? (JSON.parse(row[head] as string) as Row) : {};
  packed[rest.join(".")] = value;
  row[head] = JSON.stringify(packed);
}

/** `count` records of `decl` the way its list call answers them, newest first, ids 1001 up. */
export function sampleRows(decl: ResourceDecl, count: number): Row[] {
  const fields = [...decl.columns, ...(decl.expand ?? [])].filter(
    (column, index, all) => all.findIndex((other) => other.field === column.field) === index,
  );
  return Array.from({ length: count }, (_, i) => {
    const n = count - i;
    const row: Row = { [decl.id]: 1000 + n };
    for (const column of fields) if (column.field !== decl.id) setField(row, column.field, valueOf(decl, column, n, i));
    // A range ends ninety minutes after it starts.
    for (const column of fields) if (column.format === "range" && column.to) row[column.to] = timeOf(i, 5_400_000);
    return row;
  });
}
