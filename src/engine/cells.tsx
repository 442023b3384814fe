import { Image } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import type { ColumnDecl } from "../../resources/define";

const empty = "-";

function formatTime(value: unknown, pattern: string): string {
  if (value === undefined || value === null || value === "") return empty;
  const time = dayjs(value as string | number);
  return time.isValid() ? time.format(pattern) : String(value);
}

/** A cell as its column's `format` says (resources/define.ts ColumnFormat). */
export function formatCell(column: ColumnDecl, value: unknown): ReactNode {
  switch (column.format) {
    case "datetime":
      return formatTime(value, "YYYY-MM-DD HH:mm:ss");
    case "date":
      return formatTime(value, "YYYY-MM-DD");
    case "image":
      return typeof value === "string" && value ? <Image src={value} width={64} height={36} style={{ objectFit: "cover" }} /> : empty;
    case "enum":
      return value === undefined || value === null ? empty : (column.options?.[String(value)] ?? String(value));
    default:
      return value === undefined || value === null || value === "" ? empty : String(value);
  }
}

/** `/teacherInfo?teacherId={Id}` with the row's fields filled in, each encoded for a URL. */
export const fillRoute = (template: string, row: Record<string, unknown>) =>
  template.replace(/\{(\w+)\}/g, (_, field: string) => encodeURIComponent(String(row[field] ?? "")));
