import type { BaseRecord } from "@refinedev/core";
import type { ColumnDecl } from "../../resources/kernel/define";
import type { SheetSource } from "../lib/xlsx/use-sheet-export";
import { cellText } from "./cells";
import { readField } from "./record-fields";

/** Rows turned into cells a batch at a time: each batch a few milliseconds, handed on before the next, so the page never stalls on 100,000 rows. */
const rowsPerBatch = 1000;

/** What the file's name may not hold (Windows' reserved characters and controls). */
export const fileSafe = (text: string) => text.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_");

/** The rows as the table shows them, a batch at a time. */
function* cells(columns: readonly ColumnDecl[], rows: readonly BaseRecord[]): Generator<string[][]> {
  for (let start = 0; start < rows.length; start += rowsPerBatch) {
    yield rows.slice(start, start + rowsPerBatch).map((row) => columns.map((c) => cellText(c, readField(row, c.field), row)));
  }
}

export interface PagedRead {
  /** What the file holds: these columns, as the table shows them. */
  columns: readonly ColumnDecl[];
  /** The rows to read at the most (the list's total, within the export's cap). */
  limit: number;
  /** Rows already at hand (those chosen in the table): written instead of reading any. */
  rows?: readonly BaseRecord[];
  /**
   * One page of rows: by number, or with `after` (the last row read, where the list pages by a
   * key) the rows after it. An empty page ends the reading.
   */
  page: (page: number, after: BaseRecord | undefined) => Promise<BaseRecord[]>;
  /** The list pages after a row (keyset) rather than by number. */
  keyset?: boolean;
}

/**
 * An export's rows as a sheet source (useSheetExport): the column titles, then each page as the
 * table shows it, the next page requested before this one is turned into cells, so reading and
 * shaping overlap and the sheet worker writes each batch as it comes (every export of a list or a
 * report reads this way, issue 20).
 */
export function pagedSheet({ columns, limit, rows, page, keyset }: PagedRead): SheetSource {
  async function* batches(): AsyncGenerator<string[][]> {
    yield [columns.map((c) => c.title)];
    if (rows) {
      yield* cells(columns, rows.slice(0, limit));
      return;
    }
    let read = 0;
    let number = 1;
    let next: Promise<BaseRecord[]> | null = page(number, undefined);
    while (next) {
      const data = (await next).slice(0, limit - read);
      read += data.length;
      next = data.length && read < limit ? page(++number, keyset ? data[data.length - 1] : undefined) : null;
      // A failed read ahead is this loop's to throw when it gets there, not an unhandled rejection meanwhile.
      next?.catch(() => undefined);
      yield* cells(columns, data);
    }
  }
  return { total: rows ? Math.min(rows.length, limit) : limit, batches: batches() };
}
