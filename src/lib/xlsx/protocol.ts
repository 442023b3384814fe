import type { ReadLimits, SheetRows } from "./limits";

/** What the page asks of the sheet worker. */
export type SheetJob =
  | { kind: "read"; bytes: ArrayBuffer; fileName: string; limits: ReadLimits }
  | { kind: "write"; rows: string[][]; sheetName: string };

/** What comes back: plain strings and bytes only, or a message a person can read. */
export type SheetReply =
  | { ok: true; kind: "read"; sheet: SheetRows }
  | { ok: true; kind: "write"; bytes: ArrayBuffer }
  | { ok: false; error: string };
