import { useCallback, useEffect, useRef, useState } from "react";
import { sheetCancelledText } from "./build-sheet";
import { useSheetTools } from "./sheet-tools";

/** Where an export is: its rows being read, then written (data rows, the header not counted). */
export type ExportState = { phase: "idle" } | { phase: "reading" } | { phase: "writing"; written: number; total: number };

export interface SheetExport {
  state: ExportState;
  /**
   * Reads the rows (a header first), writes them to xlsx in the sheet worker and saves the file;
   * answers the data rows saved. Rejects with sheetCancelledText when cancelled.
   */
  run: (read: () => Promise<string[][]>, sheetName: string, fileName: string) => Promise<number>;
  /** Stops the export where it is: a read's answer is dropped, the writing worker terminated. */
  cancel: () => void;
}

export const isCancelled = (error: unknown) => error instanceof Error && error.message === sheetCancelledText;

/**
 * An export that shows how far it is and can be cancelled (issue 16: 50,000 rows showed only
 * 正在导出 on the button for seconds, with no way out). The rows written come from the worker.
 */
export function useSheetExport(): SheetExport {
  const { buildSheet, saveFile } = useSheetTools();
  const [state, setState] = useState<ExportState>({ phase: "idle" });
  const running = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState({ phase: "idle" });
  }, []);
  // Leaving the page ends the export with it.
  useEffect(() => () => running.current?.abort(), []);

  const run = useCallback(
    async (read: () => Promise<string[][]>, sheetName: string, fileName: string) => {
      const stop = new AbortController();
      running.current = stop;
      const cancelled = () => new Error(sheetCancelledText);
      setState({ phase: "reading" });
      try {
        const rows = await read();
        if (stop.signal.aborted) throw cancelled();
        const total = rows.length - 1;
        setState({ phase: "writing", written: 0, total });
        const onProgress = (written: number) => !stop.signal.aborted && setState({ phase: "writing", written: Math.max(0, written - 1), total });
        const blob = await buildSheet(rows, sheetName, { onProgress, signal: stop.signal });
        if (stop.signal.aborted) throw cancelled();
        saveFile(blob, fileName);
        return total;
      } finally {
        if (running.current === stop) {
          running.current = null;
          setState({ phase: "idle" });
        }
      }
    },
    [buildSheet, saveFile],
  );

  return { state, run, cancel };
}
