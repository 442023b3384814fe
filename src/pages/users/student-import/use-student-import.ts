import { useCallback, useEffect, useRef, useState } from "react";
import { rowsFromSheet, type ImportField, type ImportRow } from "./import-rows";
import { sendRow, type RowOutcome } from "./send-row";

export interface ImportProgress {
  done: number;
  total: number;
  succeeded: number;
  failed: number;
  stopped: boolean;
}

export interface StudentImport {
  rows: ImportRow[];
  running: boolean;
  stopping: boolean;
  progress: ImportProgress | null;
  load: (sheetRows: string[][]) => void;
  edit: (key: number, field: ImportField, value: string) => void;
  remove: (key: number) => void;
  start: () => Promise<void>;
  stop: () => void;
}

export interface ImportOptions {
  onImported: () => void;
  /** Data rows to start with, as read from a sheet (stories, and a dialog reopened on a file). */
  initialRows?: string[][];
  send?: (row: ImportRow) => Promise<RowOutcome>;
}

/**
 * The rows of one import and its run: rows go one by one, rows already imported are skipped on a
 * new run, and a stop takes effect after the row being sent. The state lives as long as the
 * dialog's content, so closing the dialog resets it.
 */
export function useStudentImport({ onImported, initialRows, send = sendRow }: ImportOptions): StudentImport {
  const [rows, setRows] = useState<ImportRow[]>(() => rowsFromSheet(initialRows ?? []));
  const [running, setRunning] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  // The loop reads the rows as edited so far, and must notice a stop or an unmount between rows.
  const rowsRef = useRef(rows);
  const stopRef = useRef(false);
  const mountedRef = useRef(true);
  const onImportedRef = useRef(onImported);

  useEffect(() => {
    onImportedRef.current = onImported;
  }, [onImported]);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  const commit = useCallback((next: ImportRow[]) => {
    rowsRef.current = next;
    setRows(next);
  }, []);

  const patch = useCallback(
    (key: number, change: Partial<ImportRow>) => commit(rowsRef.current.map((row) => (row.key === key ? { ...row, ...change } : row))),
    [commit],
  );

  const load = useCallback(
    (sheetRows: string[][]) => {
      commit(rowsFromSheet(sheetRows));
      setProgress(null);
    },
    [commit],
  );

  // An edited row is a new attempt: its old failure no longer applies.
  const edit = useCallback(
    (key: number, field: ImportField, value: string) => patch(key, { [field]: value, state: "pending", message: undefined }),
    [patch],
  );

  const remove = useCallback((key: number) => commit(rowsRef.current.filter((row) => row.key !== key)), [commit]);

  const start = useCallback(async () => {
    const targets = rowsRef.current.filter((row) => row.state !== "success").map((row) => row.key);
    if (targets.length === 0) return;
    stopRef.current = false;
    setRunning(true);
    setStopping(false);
    const tally = { done: 0, total: targets.length, succeeded: 0, failed: 0, stopped: false };
    setProgress({ ...tally });
    for (const key of targets) {
      if (stopRef.current || !mountedRef.current) break;
      const row = rowsRef.current.find((candidate) => candidate.key === key);
      if (!row) continue;
      patch(key, { state: "running", message: undefined });
      const outcome = await send(row);
      tally.done += 1;
      if (outcome.ok) tally.succeeded += 1;
      else tally.failed += 1;
      if (!mountedRef.current) break;
      patch(key, outcome.ok ? { state: "success" } : { state: "failed", message: outcome.message });
      setProgress({ ...tally });
    }
    // Students were created even if the dialog closed meanwhile: the list behind must show them.
    if (tally.succeeded > 0) onImportedRef.current();
    if (!mountedRef.current) return;
    setProgress({ ...tally, stopped: tally.done < tally.total });
    setRunning(false);
    setStopping(false);
  }, [patch, send]);

  const stop = useCallback(() => {
    stopRef.current = true;
    setStopping(true);
  }, []);

  return { rows, running, stopping, progress, load, edit, remove, start, stop };
}
