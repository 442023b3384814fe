import { useCallback, useEffect, useRef, useState } from "react";

/** pending (not sent yet), running (being sent), success (1), failed (2, with the message) — 1 §4. */
export type RowState = "pending" | "running" | "success" | "failed";

/** What every import row carries besides its own fields. */
export interface RunRow {
  key: number;
  state: RowState;
  /** Why a failed row failed. */
  message?: string;
  /** What an imported row says instead of 成功, where an import tells outcomes apart (新建学员). */
  note?: string;
}

export type RowOutcome = { ok: true; note?: string } | { ok: false; message: string };

/** How far the run under way (or the last one) went: rows sent of the rows it set out to send. */
export interface ImportProgress {
  done: number;
  total: number;
  stopped: boolean;
}

export interface ImportRunOptions<R extends RunRow> {
  /** The rows to start with (computed once). */
  initialRows: () => R[];
  send: (row: R) => Promise<RowOutcome>;
  /** Asked after a failed row; resolving false ends the run there (the course import's prompt). */
  afterFailure?: (row: R, message: string) => boolean | Promise<boolean>;
  /** After a run that succeeded at least once, even if the dialog closed meanwhile. */
  onImported?: () => void;
  /** Whether the dialog is open: closing it mid-run stops after the row being sent, as 停止 does. */
  open: boolean;
}

export interface ImportRun<R extends RunRow> {
  rows: R[];
  running: boolean;
  stopping: boolean;
  progress: ImportProgress | null;
  /** New rows (a new file): the last run's progress goes. */
  load: (rows: R[]) => void;
  patch: (key: number, change: Partial<R>) => void;
  remove: (key: number) => void;
  start: () => Promise<void>;
  stop: () => void;
}

/** What the table holds once a run is over: imported rows by what they say, failed ones, and ones not sent yet. */
export interface RowCounts {
  imported: { note: string; count: number }[];
  failed: number;
  pending: number;
}

/** An imported row that says nothing else says this. */
export const importedNote = "成功";

/**
 * Counts every row of the table, whichever run it went in (issue 16: a rerun's summary counted
 * only its own rows, 成功 0 条 while the rows above said 成功). `notes` orders what imported rows
 * say; a row without a note counts under the first.
 */
export function countRows(rows: readonly RunRow[], notes: readonly string[] = [importedNote]): RowCounts {
  const imported = notes.map((note) => ({ note, count: 0 }));
  let failed = 0;
  let pending = 0;
  for (const row of rows) {
    if (row.state === "failed") failed += 1;
    else if (row.state !== "success") pending += 1;
    else (imported.find((entry) => entry.note === row.note) ?? imported[0]).count += 1;
  }
  return { imported, failed, pending };
}

/**
 * The rows of one import and its run (1 §4): rows go one by one, rows already imported are
 * skipped on a new run, and a stop takes effect after the row being sent. The state lives as
 * long as the dialog's content, so closing the dialog resets it.
 */
export function useImportRun<R extends RunRow>({ initialRows, send, afterFailure, onImported, open }: ImportRunOptions<R>): ImportRun<R> {
  const [rows, setRows] = useState<R[]>(initialRows);
  const [running, setRunning] = useState(false);
  const [stopping, setStopping] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  // The loop reads the rows as edited so far, and must notice a stop or an unmount between rows.
  const rowsRef = useRef(rows);
  const stopRef = useRef(false);
  const mountedRef = useRef(true);
  const callbacks = useRef({ send, afterFailure, onImported });

  useEffect(() => {
    callbacks.current = { send, afterFailure, onImported };
  }, [send, afterFailure, onImported]);

  useEffect(() => {
    mountedRef.current = true;
    return () => {
      mountedRef.current = false;
    };
  }, []);

  const commit = useCallback((next: R[]) => {
    rowsRef.current = next;
    setRows(next);
  }, []);

  const patch = useCallback(
    (key: number, change: Partial<R>) => commit(rowsRef.current.map((row) => (row.key === key ? { ...row, ...change } : row))),
    [commit],
  );

  const load = useCallback(
    (next: R[]) => {
      commit(next);
      setProgress(null);
    },
    [commit],
  );

  const remove = useCallback((key: number) => commit(rowsRef.current.filter((row) => row.key !== key)), [commit]);

  const start = useCallback(async () => {
    const targets = rowsRef.current.filter((row) => row.state !== "success").map((row) => row.key);
    if (targets.length === 0) return;
    stopRef.current = false;
    setRunning(true);
    setStopping(false);
    const tally = { done: 0, total: targets.length, succeeded: 0 };
    setProgress({ done: 0, total: tally.total, stopped: false });
    for (const key of targets) {
      if (stopRef.current || !mountedRef.current) break;
      const row = rowsRef.current.find((candidate) => candidate.key === key);
      if (!row) continue;
      patch(key, { state: "running", message: undefined, note: undefined } as Partial<R>);
      const outcome = await callbacks.current.send(row);
      tally.done += 1;
      if (outcome.ok) tally.succeeded += 1;
      if (!mountedRef.current) break;
      patch(key, (outcome.ok ? { state: "success", note: outcome.note } : { state: "failed", message: outcome.message }) as Partial<R>);
      setProgress({ done: tally.done, total: tally.total, stopped: false });
      const { afterFailure: ask } = callbacks.current;
      if (!outcome.ok && ask && tally.done < tally.total && !stopRef.current && !(await ask(row, outcome.message))) break;
    }
    // Records were created even if the dialog closed meanwhile: the list behind must show them.
    if (tally.succeeded > 0) callbacks.current.onImported?.();
    if (!mountedRef.current) return;
    setProgress({ done: tally.done, total: tally.total, stopped: tally.done < tally.total });
    setRunning(false);
    setStopping(false);
  }, [patch]);

  const stop = useCallback(() => {
    stopRef.current = true;
    setStopping(true);
  }, []);

  useEffect(() => {
    if (!open && running) stop();
  }, [open, running, stop]);

  return { rows, running, stopping, progress, load, patch, remove, start, stop };
}
