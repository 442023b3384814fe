import type { TextCells } from "./protocol";
import { openSheetJob, runSheetJob, sheetCancelledText } from "./run-sheet-job";

export { sheetCancelledText };

export interface BuildOptions extends TextCells {
  /** Rows placed so far of all rows (the first, a header, included), as the worker reports it. */
  onProgress?: (written: number, total: number) => void;
  /** Aborting it stops the writing (the worker is terminated) and rejects with sheetCancelledText. */
  signal?: AbortSignal;
}

export type BuildSheet = (rows: string[][], sheetName: string, options?: BuildOptions) => Promise<Blob>;

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Rows past which a sheet travels to the worker packed (below), and the rows of each slice. */
const PACK_OVER = 5000;
const PACK_SLICE = 2000;

/**
 * The rows as slices of UTF-8 JSON, one slice between two yields to the page: handed to the worker
 * rather than copied, so 100,000 rows cost the page no task of 100 ms (issue 20: a structured
 * clone of them all at once took about 300 ms of the main thread).
 */
async function pack(rows: readonly string[][], each?: (slice: ArrayBuffer) => Promise<void>): Promise<ArrayBuffer[]> {
  const slices: ArrayBuffer[] = [];
  for (let start = 0; start < rows.length; start += PACK_SLICE) {
    const slice = encoder.encode(JSON.stringify(rows.slice(start, start + PACK_SLICE).map((row) => row.map(String)))).buffer as ArrayBuffer;
    if (each) await each(slice);
    else slices.push(slice);
    await yieldToPage();
  }
  return slices;
}

const encoder = new TextEncoder();
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** An .xlsx file of one sheet of text, written in the sheet worker (xlsx stays out of the page). */
export const buildSheet: BuildSheet = async (rows, sheetName, options = {}) => {
  const { onProgress, signal, textColumns, textRows } = options;
  const packed = rows.length > PACK_OVER ? await pack(rows) : undefined;
  const reply = await runSheetJob(
    { kind: "write", rows: packed ? [] : rows.map((row) => row.map(String)), packed, sheetName, textColumns, textRows },
    { timeoutMs: 10_000, timeoutText: "生成文件超时", failureText: "生成文件失败", onProgress, signal },
  );
  return fileOf(reply);
};

const fileOf = (reply: Awaited<ReturnType<typeof runSheetJob>>) => {
  if (!reply.ok || reply.kind !== "write" || !(reply.bytes instanceof ArrayBuffer)) throw new Error("生成文件失败");
  return new Blob([reply.bytes], { type: xlsxType });
};

/** A sheet of text written as its rows come: `add` each batch (the header first), then `finish` for the file. */
export interface SheetWriter {
  /** Resolves once the batch is handed to the worker, a slice at a time between yields to the page. */
  add: (rows: readonly string[][]) => Promise<void>;
  finish: () => Promise<Blob>;
}

export type OpenSheet = (sheetName: string, options?: Omit<BuildOptions, keyof TextCells>) => SheetWriter;

/**
 * An export that reads its rows in pages writes each page as it comes (the worker turns it into
 * the sheet's XML and deflates it while the next page is read), so the page never holds every row
 * at once and the file is nearly written when the last page arrives. Progress counts rows placed,
 * the header included; the caller knows the total.
 */
export const openSheet: OpenSheet = (sheetName, options = {}) => {
  const job = openSheetJob(sheetName, { timeoutMs: 10_000, timeoutText: "生成文件超时", failureText: "生成文件失败", onProgress: options.onProgress, signal: options.signal });
  return {
    add: async (rows) => void (await pack(rows, job.rows)),
    finish: async () => fileOf(await job.end()),
  };
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
