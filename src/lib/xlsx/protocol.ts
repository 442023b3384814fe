import type { ReadLimits, SheetRows } from "./limits";

/** How a written sheet formats the cells a person will fill in (an import template). */
export interface TextCells {
  /** Columns (from 0) whose cells below the first row are formatted as text, so Excel keeps 0012345 as typed. */
  textColumns?: readonly number[];
  /** Rows below the first so formatted: the import's row cap. */
  textRows?: number;
}

/** What the page asks of the sheet worker. */
export type SheetJob =
  | { kind: "read"; bytes: ArrayBuffer; fileName: string; limits: ReadLimits }
  | ({
      kind: "write";
      rows: string[][];
      /** Many rows travel instead as slices, each the UTF-8 JSON of its rows, handed over rather than copied (build-sheet.ts). */
      packed?: ArrayBuffer[];
      sheetName: string;
    } & TextCells)
  /**
   * A sheet written as its rows come (an export reading pages): `open`, then each batch of rows
   * (the header first) as `rows`, packed like a write's, then `end`, which the file answers.
   */
  | { kind: "open"; sheetName: string }
  | { kind: "rows"; packed: ArrayBuffer }
  | { kind: "end" };

/**
 * What comes back: plain strings and bytes only, or a message a person can read. A write says how
 * far it is before its file (a streamed one: `total` 0, the page knows how many rows it reads).
 */
export type SheetReply =
  | { ok: true; kind: "read"; sheet: SheetRows }
  | { ok: true; kind: "progress"; written: number; total: number }
  | { ok: true; kind: "write"; bytes: ArrayBuffer }
  | { ok: false; error: string };
