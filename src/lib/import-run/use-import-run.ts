import { useCallback, useEffect, useRef, useState } from "react";

/** pending (not sent yet), running (being sent), success (1), failed (2, with the message) — 1 §4. */
export type RowState = "pending" | "running" | "success" | "failed";

/** What every import row carries besides its own fields. */
export interface RunRow {
  key: number;
  state: RowState;
  message?: string;
}

export type RowOutcome = { ok: true } | { ok: false; message: string };

export interface ImportProgress {
  done: number;
  total: number;
  succeeded: number;
  failed: number;
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
    const tally = { done: 0, total: targets.length, succeeded: 0, failed: 0, stopped: false };
    setProgress({ ...tally });
    for (const key of targets) {
      if (stopRef.current || !mountedRef.current) break;
      const row = rowsRef.current.find((candidate) => candidate.key === key);
      if (!row) continue;
      patch(key, { state: "running", message: undefined } as Partial<R>);
      const outcome = await callbacks.current.send(row);
      tally.done += 1;
      if (outcome.ok) tally.succeeded += 1;
      else tally.failed += 1;
      if (!mountedRef.current) break;
      patch(key, (outcome.ok ? { state: "success" } : { state: "failed", message: outcome.message }) as Partial<R>);
      setProgress({ ...tally });
      const { afterFailure: ask } = callbacks.current;
      if (!outcome.ok && ask && tally.done < tally.total && !stopRef.current && !(await ask(row, outcome.message))) break;
    }
    // Records were created even if the dialog closed meanwhile: the list behind must show them.
    if (tally.succeeded > 0) callbacks.current.onImported?.();
    if (!mountedRef.current) return;
    setProgress({ ...tally, stopped: tally.done < tally.total });
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
