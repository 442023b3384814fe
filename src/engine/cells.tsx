import { Image, Tag, Typography } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import type { ColumnDecl } from "../../resources/define";
import { httpsUrl } from "../../resources/upload";
import { AuditDiff, readDiff } from "./audit-history";

const empty = "-";
/** Lists of people show their first three (2 §9). */
const shownNames = 3;

function formatTime(value: unknown, pattern: string, earliest: ColumnDecl["earliest"]): string {
  const missing = value === undefined || value === null || value === "";
  const time = missing ? null : dayjs(value as string | number);
  if (earliest && (!time?.isValid() || time.isBefore(dayjs(earliest.time)))) return earliest.text;
  if (!time) return empty;
  return time.isValid() ? time.format(pattern) : String(value);
}

/** A cell as its column's `format` says (resources/define.ts ColumnFormat). */
export function formatCell(column: ColumnDecl, value: unknown): ReactNode {
  switch (column.format) {
    case "datetime":
      return formatTime(value, "YYYY-MM-DD HH:mm:ss", column.earliest);
    case "date":
      return formatTime(value, "YYYY-MM-DD", column.earliest);
    case "image":
      return typeof value === "string" && value ? (
        <Image src={httpsUrl(value)} alt={column.title} width={64} height={36} style={{ objectFit: "cover" }} />
      ) : (
        empty
      );
    case "enum":
      return value === undefined || value === null ? empty : (column.options?.[String(value)] ?? String(value));
    case "diff":
      return <AuditDiff diff={readDiff(value)} />;
    case "nameTags":
      return <NameTags names={namesOf(value)} />;
    default:
      return value === undefined || value === null || value === "" ? empty : String(value);
  }
}

/** `/teacherInfo?teacherId={Id}` with the row's fields filled in, each encoded for a URL. */
export const fillRoute = (template: string, row: Record<string, unknown>) =>
  template.replace(/\{(\w+)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? "")));

/** The names of a JSON text list of `{name}` (a live's teachers, 2 §3); nothing readable is no names. */
export function namesOf(value: unknown): string[] {
  try {
    const list = JSON.parse(String(value ?? "[]")) as unknown;
    return Array.isArray(list) ? list.map((item) => String((item as { name?: unknown })?.name ?? "")).filter(Boolean) : [];
  } catch {
    return [];
  }
}

/** The first three names as tags (2 §9), and how many more there are. */
export function NameTags({ names }: { names: string[] }) {
  if (names.length === 0) return <>{empty}</>;
  return (
    <>
      {names.slice(0, shownNames).map((name, i) => (
        <Tag key={`${name}-${i}`} style={{ marginBottom: 2 }}>
          {name}
        </Tag>
      ))}
      {names.length > shownNames && <Typography.Text type="secondary">等{names.length}人</Typography.Text>}
    </>
  );
}
