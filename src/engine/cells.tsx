import { Image } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import type { ColumnDecl } from "../../resources/define";
import { httpsUrl } from "../../resources/upload";
import { AuditDiff, readDiff } from "./audit-history";

const empty = "-";

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
    default:
      return value === undefined || value === null || value === "" ? empty : String(value);
  }
}

/** `/teacherInfo?teacherId={Id}` with the row's fields filled in, each encoded for a URL. */
export const fillRoute = (template: string, row: Record<string, unknown>) =>
  template.replace(/\{(\w+)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? "")));
