import { useCallback, useEffect, useRef, useState } from "react";
import { sheetCancelledText, type BuildSheet, type OpenSheet, type SheetWriter } from "./build-sheet";
import { useSheetTools } from "./sheet-tools";

/** Where an export is: its rows being read (so many of how many), then written (data rows, the header not counted). */
export type ExportState = { phase: "idle" } | { phase: "reading"; read: number; total: number } | { phase: "writing"; written: number; total: number };

/**
 * Rows read a batch at a time (an export reading pages): the first batch starts with the header;
 * `total` is the data rows expected (for the progress shown, not a limit).
 */
export interface SheetSource {
  total: number;
  batches: AsyncIterable<string[][]>;
}

/** What an export writes: every row at once (a header first), or a source read in batches. */
export type SheetRead = (() => Promise<string[][]>) | SheetSource;

export interface SheetExport {
  state: ExportState;
  /**
   * Reads the rows, writes them to xlsx in the sheet worker (a source's batches as they come) and
   * saves the file; answers the data rows saved. Rejects with sheetCancelledText when cancelled.
   */
  run: (read: SheetRead, sheetName: string, fileName: string) => Promise<number>;
  /** Stops the export where it is: a read's answer is dropped, the writing worker terminated. */
  cancel: () => void;
}

export const isCancelled = (error: unknown) => error instanceof Error && error.message === sheetCancelledText;

/** Where the sheet tools have no streamed writer (tests' stand-ins): the batches gathered, then written at once. */
const gathering =
  (buildSheet: BuildSheet): OpenSheet =>
  (sheetName, options) => {
    const rows: string[][] = [];
    return { add: async (batch) => void rows.push(...batch), finish: () => buildSheet(rows, sheetName, options) };
  };

/**
 * An export that shows how far it is and can be cancelled (issue 16: 50,000 rows showed only
 * 正在导出 on the button for seconds, with no way out). The rows written come from the worker.
 * A source read in pages is written page by page (issue 20: 100,000 rows of listening data in
 * under 10 s): reading the next page, shaping this one and the worker's writing overlap, and the
 * page never holds all the rows at once.
 */
export function useSheetExport(): SheetExport {
  const { buildSheet, openSheet, saveFile } = useSheetTools();
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
    async (read: SheetRead, sheetName: string, fileName: string) => {
      const stop = new AbortController();
      running.current = stop;
      const cancelled = () => new Error(sheetCancelledText);
      const live = () => !stop.signal.aborted;
      try {
        let blob: Blob;
        let total: number;
        if (typeof read === "function") {
          setState({ phase: "reading", read: 0, total: 0 });
          const rows = await read();
          if (!live()) throw cancelled();
          total = rows.length - 1;
          setState({ phase: "writing", written: 0, total });
          const onProgress = (written: number) => live() && setState({ phase: "writing", written: Math.max(0, written - 1), total });
          blob = await buildSheet(rows, sheetName, { onProgress, signal: stop.signal });
        } else {
          let written = 0;
          let taken = 0;
          let reading = true;
          const expected = read.total;
          setState({ phase: "reading", read: 0, total: expected });
          // While reading, the rows read are what is shown; after, the rows the worker has placed of them.
          const onProgress = (placed: number) => {
            written = Math.max(0, placed - 1);
            if (!reading && live()) setState({ phase: "writing", written, total: Math.max(0, taken - 1) });
          };
          const writer: SheetWriter = (openSheet ?? gathering(buildSheet))(sheetName, { signal: stop.signal, onProgress });
          for await (const batch of read.batches) {
            if (!live()) throw cancelled();
            await writer.add(batch);
            taken += batch.length;
            if (!live()) throw cancelled();
            setState({ phase: "reading", read: Math.max(0, taken - 1), total: expected });
          }
          reading = false;
          total = Math.max(0, taken - 1);
          setState({ phase: "writing", written, total });
          blob = await writer.finish();
        }
        if (!live()) throw cancelled();
        saveFile(blob, fileName);
        return total;
      } finally {
        if (running.current === stop) {
          running.current = null;
          setState({ phase: "idle" });
        }
      }
    },
    [buildSheet, openSheet, saveFile],
  );

  return { state, run, cancel };
}
