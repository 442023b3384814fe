import { read, utils, write, type CellObject, type WorkBook, type WorkSheet } from "xlsx";
import { tooLargeText, unreadableText, type ReadLimits, type SheetRows } from "./limits";
import type { TextCells } from "./protocol";

export type { ReadLimits, SheetRows } from "./limits";

/**
 * The spreadsheet work itself, run only inside the sheet worker (and by tests in Node): xlsx
 * parses untrusted files. The version we ship, SheetJS 0.20.3, fixes the known prototype-pollution
 * (CVE-2023-30533) and ReDoS (CVE-2024-22363) issues, but the next flaw found in a parser of this
 * size must not reach the page's realm either (tests/users/client/sheet-safety.test.ts).
 */

/** A failure whose message a person can act on; any other error is reported generically. */
export class SheetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SheetError";
  }
}

// Control characters would only hide text from the person checking the table.
const controlChars = /\p{Cc}/gu;

function clean(text: string, maxLength: number): string {
  return [...text.replace(controlChars, " ").trim()].slice(0, maxLength).join("");
}

// Plain digits as Excel shows them (13800000000, 1.38E+10, 13,800,000,000), not a date.
const numericDisplay = /^-?[\d,.]+(E[+-]?\d+)?$/i;

/** A cell as a person reads it; whole numbers (phones, numeric passwords) in full digits. */
function cellText(cell: CellObject | undefined): string {
  if (!cell) return "";
  switch (cell.t) {
    case "s":
      return String(cell.v ?? "");
    case "n": {
      const value = Number(cell.v);
      const shown = cell.w;
      if (Number.isSafeInteger(value) && (shown === undefined || numericDisplay.test(shown))) return String(value);
      return shown ?? String(value);
    }
    case "b":
      return cell.v ? "TRUE" : "FALSE";
    case "d":
      return cell.w ?? (cell.v instanceof Date ? cell.v.toISOString() : String(cell.v ?? ""));
    default:
      return "";
  }
}

// Excel saves CSV in the system code page (GBK on Chinese Windows, which GB18030 contains);
// others save UTF-8, often without a byte-order mark. Decoding here, not in SheetJS, keeps its
// code-page tables out of the worker's chunk.
function decodeCsv(bytes: Uint8Array): string {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return new TextDecoder("gb18030").decode(body);
  }
}

function openWorkbook(bytes: Uint8Array, fileName: string): WorkBook {
  const options = { sheets: 0, cellFormula: false, cellHTML: false, cellStyles: false, bookVBA: false } as const;
  try {
    // raw: CSV values stay text, so 0013… or 13800000000 are not turned into numbers.
    if (/\.csv$/i.test(fileName)) return read(decodeCsv(bytes), { ...options, type: "string", raw: true });
    return read(bytes, { ...options, type: "array" });
  } catch {
    throw new SheetError(unreadableText);
  }
}

/** Reads the first sheet of an xlsx/xls/csv… file within the limits. */
export function readSheetRows(data: ArrayBuffer | Uint8Array, fileName: string, limits: ReadLimits): SheetRows {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes.byteLength > limits.maxBytes) throw new SheetError(tooLargeText(limits.maxBytes));
  const book = openWorkbook(bytes, fileName);
  const sheet: WorkSheet | undefined = book.Sheets[book.SheetNames[0]];
  const ref = sheet?.["!ref"];
  if (!sheet || !ref) return { header: [], rows: [], truncated: false };

  const first = utils.decode_range(ref).s;
  // From the cells that exist, not by walking !ref: a crafted file can claim a million rows.
  const cellsByRow = new Map<number, string[]>();
  for (const address of Object.keys(sheet)) {
    if (address.startsWith("!")) continue;
    const { r, c } = utils.decode_cell(address);
    const column = c - first.c;
    if (!Number.isSafeInteger(r) || !Number.isSafeInteger(column) || r < first.r || column < 0 || column >= limits.maxColumns) continue;
    const text = clean(cellText(sheet[address] as CellObject), limits.maxCellLength);
    if (text === "") continue;
    const row = cellsByRow.get(r) ?? [];
    row[column] = text;
    cellsByRow.set(r, row);
  }
  const order = [...cellsByRow.keys()].sort((a, b) => a - b);
  const truncated = order.length > limits.maxRows + 1;
  // Array.from fills the holes, so every row is a dense array of strings.
  const kept = order.slice(0, limits.maxRows + 1).map((r) => Array.from(cellsByRow.get(r)!, (text) => text ?? ""));
  return { header: kept[0] ?? [], rows: kept.slice(1), truncated };
}

/** Rows placed in the sheet between two reports of progress. */
const WRITE_SLICE = 5000;

/**
 * An .xlsx file of one sheet holding `rows` as text (an export, a template), placed a slice at a
 * time with `onProgress(rows placed, all rows)` after each. Cells under `textColumns` are formatted
 * as text (Excel's "@", number format 49) for `textRows` rows below the first, empty until a person
 * types in them.
 */
export function writeSheet(rows: string[][], sheetName: string, cells: TextCells = {}, onProgress?: (written: number, total: number) => void): ArrayBuffer {
  const sheet = utils.aoa_to_sheet(rows.slice(0, WRITE_SLICE));
  onProgress?.(Math.min(rows.length, WRITE_SLICE), rows.length);
  for (let at = WRITE_SLICE; at < rows.length; at += WRITE_SLICE) {
    utils.sheet_add_aoa(sheet, rows.slice(at, at + WRITE_SLICE), { origin: -1 });
    onProgress?.(Math.min(rows.length, at + WRITE_SLICE), rows.length);
  }
  const { textColumns = [], textRows = 0 } = cells;
  for (let r = 1; r <= textRows; r++)
    for (const c of textColumns) {
      const address = utils.encode_cell({ r, c });
      sheet[address] = { ...(sheet[address] ?? { t: "z" }), z: "@" };
    }
  const width = Math.max(0, ...rows.map((row) => row.length), ...textColumns.map((c) => c + 1));
  if (textRows > 0) sheet["!ref"] = utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(rows.length - 1, textRows), c: Math.max(0, width - 1) } });
  sheet["!cols"] = Array.from({ length: width }, () => ({ wch: 18 }));
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, sheetName);
  return write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
}
