import { Image, Tag } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import type { ColumnDecl } from "../../resources/kernel/define";
import { httpsUrl } from "../../resources/kernel/upload";
import { AuditDiff, readDiff } from "./audit-history";
import { LinkedCell, TagsCell } from "./cell-parts";
import { fillRoute } from "./fill-route";
import { readField } from "./record-fields";
import { formatBytes, formatYuan } from "../lib/format";

const empty = "-";

/** A time already written in the lists' own way ('YYYY-MM-DD HH:mm:ss'), shown as it is without parsing it (100,000 cells of an export). */
const listTime = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function formatTime(value: unknown, pattern: string, earliest: ColumnDecl["earliest"]): string {
  if (!earliest && pattern === "YYYY-MM-DD HH:mm:ss" && typeof value === "string" && listTime.test(value)) return value;
  const missing = value === undefined || value === null || value === "";
  const time = missing ? null : dayjs(value as string | number);
  if (earliest && (!time?.isValid() || time.isBefore(dayjs(earliest.time)))) return earliest.text;
  if (!time) return empty;
  return time.isValid() ? time.format(pattern) : String(value);
}

/** A JSON text list's items (2 §3: a live's teachers); anything else reads as none. */
export function readList(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value as Record<string, unknown>[];
  if (typeof value !== "string" || !value.startsWith("[")) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is Record<string, unknown> => !!item && typeof item === "object") : [];
  } catch {
    return [];
  }
}

/** Whole seconds as 1小时50分36秒 (1 §2.4); nothing at all is 0秒. */
export function durationText(seconds: unknown): string {
  const given = Number(seconds);
  const total = Number.isFinite(given) && given > 0 ? Math.floor(given) : 0;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours}小时${minutes}分${rest}秒`;
  if (minutes > 0) return `${minutes}分${rest}秒`;
  return `${rest}秒`;
}

/** Two times; with `sameDayShort` an end on the begin's day shows only its time. */
function rangeText(column: ColumnDecl, value: unknown, row: Record<string, unknown>): string {
  const from = formatTime(value, "YYYY-MM-DD HH:mm:ss", undefined);
  const to = formatTime(column.to ? readField(row, column.to) : undefined, "YYYY-MM-DD HH:mm:ss", undefined);
  if (!column.sameDayShort) return `${from} ~ ${to}`;
  if (from === empty) return empty;
  if (to === empty) return from;
  return `${from} ~ ${from.slice(0, 10) === to.slice(0, 10) ? to.slice(11) : to}`;
}

function formatValue(column: ColumnDecl, value: unknown, row: Record<string, unknown>): ReactNode {
  if (column.instead && column.instead.values.includes(Number(readField(row, column.instead.field)))) return column.instead.text;
  switch (column.format) {
    case "datetime":
      return formatTime(value, "YYYY-MM-DD HH:mm:ss", column.earliest);
    case "date":
      return formatTime(value, "YYYY-MM-DD", column.earliest);
    case "range":
      return rangeText(column, value, row);
    case "duration":
      return durationText(value);
    case "bytes":
      return Number(value) > 0 ? formatBytes(Number(value)) : empty;
    case "yuan":
      return value === undefined || value === null || value === "" || !Number.isFinite(Number(value)) ? empty : formatYuan(Number(value));
    case "tags":
      return column.tags ? <TagsCell items={readList(value)} {...column.tags} /> : empty;
    case "image":
      return typeof value === "string" && value ? (
        <Image src={httpsUrl(value)} alt={column.title} width={64} height={36} style={{ objectFit: "cover" }} />
      ) : (
        empty
      );
    case "enum":
      return value === undefined || value === null ? empty : (column.options?.[String(value)] ?? column.otherwise ?? String(value));
    case "diff":
      return <AuditDiff diff={readDiff(value)} />;
    default:
      if (value === undefined || value === null || value === "") return empty;
      return column.unitBy ? `${String(value)}${column.unitBy.units[String(readField(row, column.unitBy.field))] ?? ""}` : String(value);
  }
}

/** A cell as its column's `format` says (resources/kernel/define.ts ColumnFormat), linked where the column has a `link`. */
export function formatCell(column: ColumnDecl, value: unknown, row: Record<string, unknown> = {}): ReactNode {
  const shown = formatValue(column, value, row);
  const color = column.colors?.[String(value)];
  if (color && shown !== empty) return <Tag color={color}>{shown}</Tag>;
  return column.link && shown !== empty ? <LinkedCell to={fillRoute(column.link, row)}>{shown}</LinkedCell> : shown;
}

/** A cell's words as plain text (a cut cell's tooltip), or "" for a cell that is no text (tags, an image). */
export function cellText(column: ColumnDecl, value: unknown, row: Record<string, unknown> = {}): string {
  const shown = formatValue(column, value, row);
  return typeof shown === "string" ? shown : "";
}

/** Whether a field has nothing to show (an expanded field with `hideEmpty` is then left out). */
export const isEmptyValue = (value: unknown) => value === undefined || value === null || value === "";

export { fillRoute };
