import { useCallback } from "react";
import { useImportRun, type ImportRun, type RowOutcome } from "../../../lib/import-run/use-import-run";
import { rowsFromSheet, type ImportField, type ImportRow } from "./import-rows";
import { useSendRow } from "./send-row";

export interface StudentImport extends Omit<ImportRun<ImportRow>, "load"> {
  load: (sheetRows: string[][]) => void;
  edit: (key: number, field: ImportField, value: string) => void;
}

export interface ImportOptions {
  open: boolean;
  onImported: () => void;
  /** Data rows to start with, as read from a sheet (stories, and a dialog reopened on a file). */
  initialRows?: string[][];
  send?: (row: ImportRow) => Promise<RowOutcome>;
}

/** The student import's run (the shared one of 1 §4), with rows that can be corrected before they go. */
export function useStudentImport({ open, onImported, initialRows, send }: ImportOptions): StudentImport {
  const sendRow = useSendRow();
  const run = useImportRun<ImportRow>({ initialRows: () => rowsFromSheet(initialRows ?? []), send: send ?? sendRow, onImported, open });
  const { patch, load: loadRows } = run;

  const load = useCallback((sheetRows: string[][]) => loadRows(rowsFromSheet(sheetRows)), [loadRows]);

  // An edited row is a new attempt: its old failure no longer applies.
  const edit = useCallback(
    (key: number, field: ImportField, value: string) => patch(key, { [field]: value, state: "pending", message: undefined }),
    [patch],
  );

  return { ...run, load, edit };
}
