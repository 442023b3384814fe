import type { TextCells } from "./protocol";
import { runSheetJob, sheetCancelledText } from "./run-sheet-job";

export { sheetCancelledText };

export interface BuildOptions extends TextCells {
  /** Rows placed so far of all rows (the first, a header, included), as the worker reports it. */
  onProgress?: (written: number, total: number) => void;
  /** Aborting it stops the writing (the worker is terminated) and rejects with sheetCancelledText. */
  signal?: AbortSignal;
}

export type BuildSheet = (rows: string[][], sheetName: string, options?: BuildOptions) => Promise<Blob>;

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** An .xlsx file of one sheet of text, written in the sheet worker (xlsx stays out of the page). */
/** Rows past which a sheet travels to the worker packed (below), and the rows of each slice. */
const PACK_OVER = 5000;
const PACK_SLICE = 2000;

/**
 * The rows as slices of UTF-8 JSON, one slice between two yields to the page: handed to the worker
 * rather than copied, so 100,000 rows cost the page no task of 100 ms (issue 20: a structured
 * clone of them all at once took about 300 ms of the main thread).
 */
async function pack(rows: readonly string[][]): Promise<ArrayBuffer[]> {
  const encoder = new TextEncoder();
  const slices: ArrayBuffer[] = [];
  for (let start = 0; start < rows.length; start += PACK_SLICE) {
    slices.push(encoder.encode(JSON.stringify(rows.slice(start, start + PACK_SLICE).map((row) => row.map(String)))).buffer as ArrayBuffer);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return slices;
}

export const buildSheet: BuildSheet = async (rows, sheetName, options = {}) => {
  const { onProgress, signal, textColumns, textRows } = options;
  const packed = rows.length > PACK_OVER ? await pack(rows) : undefined;
  const reply = await runSheetJob(
    { kind: "write", rows: packed ? [] : rows.map((row) => row.map(String)), packed, sheetName, textColumns, textRows },
    { timeoutMs: 10_000, timeoutText: "生成文件超时", failureText: "生成文件失败", onProgress, signal },
  );
  if (!reply.ok || reply.kind !== "write" || !(reply.bytes instanceof ArrayBuffer)) throw new Error("生成文件失败");
  return new Blob([reply.bytes], { type: xlsxType });
};

/** Hands a file to the browser's download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
