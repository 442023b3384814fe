import type { SheetReply } from "./protocol";
import { defaultReadLimits, tooLargeText, unreadableText, type ReadLimits, type SheetRows } from "./limits";
import { runSheetJob } from "./run-sheet-job";

export type { SheetRows } from "./limits";

export interface ParseOptions {
  /** Data rows kept after the header row. */
  maxRows: number;
  /** Give up (and terminate the worker) after this long; 10 s by default. */
  timeoutMs?: number;
  /** Refuse larger files before reading them; 2 MB by default. */
  maxBytes?: number;
  /** Characters a cell keeps; 500 by default. */
  maxCellLength?: number;
}

export type ParseSheet = (file: File, options: ParseOptions) => Promise<SheetRows>;

export const parseTimeoutText = "文件解析超时";
const defaultTimeoutMs = 10_000;

const isStringRow = (row: unknown): row is string[] => Array.isArray(row) && row.every((cell) => typeof cell === "string");

/**
 * What the worker answered, checked and copied into fresh arrays of strings within the limits:
 * the page trusts nothing of the answer's shape.
 */
function plainSheet(value: unknown, limits: Pick<ReadLimits, "maxRows" | "maxColumns" | "maxCellLength">): SheetRows {
  const sheet = value as { header?: unknown; rows?: unknown; truncated?: unknown } | null;
  if (!sheet || typeof sheet !== "object" || !isStringRow(sheet.header) || !Array.isArray(sheet.rows) || !sheet.rows.every(isStringRow)) {
    throw new Error(unreadableText);
  }
  const copy = (row: string[]) => row.slice(0, limits.maxColumns).map((cell) => String(cell).slice(0, limits.maxCellLength));
  return {
    header: copy(sheet.header),
    rows: sheet.rows.slice(0, limits.maxRows).map(copy),
    truncated: sheet.truncated === true || sheet.rows.length > limits.maxRows,
  };
}

/**
 * The first sheet of a spreadsheet file as text, parsed in a module Web Worker: the first row is
 * the header, at most `maxRows` data rows follow. Rejects with a message a person can read (too
 * large, unreadable, 文件解析超时).
 */
export const parseSheet: ParseSheet = async (file, options) => {
  const limits: ReadLimits = {
    ...defaultReadLimits,
    maxRows: options.maxRows,
    maxBytes: options.maxBytes ?? defaultReadLimits.maxBytes,
    maxCellLength: options.maxCellLength ?? defaultReadLimits.maxCellLength,
  };
  if (file.size > limits.maxBytes) throw new Error(tooLargeText(limits.maxBytes));
  const bytes = await file.arrayBuffer();
  const reply: SheetReply = await runSheetJob(
    { kind: "read", bytes, fileName: file.name, limits },
    { timeoutMs: options.timeoutMs ?? defaultTimeoutMs, timeoutText: parseTimeoutText, failureText: unreadableText },
  );
  if (!reply.ok) throw new Error(typeof reply.error === "string" ? reply.error : unreadableText);
  if (reply.kind !== "read") throw new Error(unreadableText);
  return plainSheet(reply.sheet, limits);
};
