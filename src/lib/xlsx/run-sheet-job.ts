import type { SheetJob, SheetReply } from "./protocol";

/** The rejection of a job its caller cancelled. */
export const sheetCancelledText = "已取消";

export interface SheetJobOptions {
  /** Give up after this long without a word from the worker (an answer or progress). */
  timeoutMs: number;
  timeoutText: string;
  failureText: string;
  /** The worker's progress, as it writes. */
  onProgress?: (written: number, total: number) => void;
  /** Aborting it terminates the worker; the job rejects with sheetCancelledText. */
  signal?: AbortSignal;
}

/**
 * Runs one job in a fresh sheet worker and always terminates it: on the answer, on a crash, on
 * the time-out (a crafted file can make xlsx loop for a long time) and on the caller's cancel.
 * Progress restarts the time-out: 50,000 rows take seconds to write on a slow machine, and a
 * worker that keeps reporting is not stuck.
 */
export function runSheetJob(job: SheetJob, options: SheetJobOptions): Promise<Exclude<SheetReply, { kind: "progress" }>> {
  return new Promise((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(new Error(sheetCancelledText));
    const worker = new Worker(new URL("./sheet-worker.ts", import.meta.url), { type: "module", name: "sheet" });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = () => finish(() => reject(new Error(sheetCancelledText)));
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", cancel);
      worker.terminate();
      settle();
    };
    const wait = () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(() => reject(new Error(options.timeoutText))), options.timeoutMs);
    };
    wait();
    signal?.addEventListener("abort", cancel);
    worker.onmessage = (event: MessageEvent<SheetReply>) => {
      const reply = event.data;
      if (reply.ok && reply.kind === "progress") {
        wait();
        options.onProgress?.(reply.written, reply.total);
        return;
      }
      finish(() => resolve(reply));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish(() => reject(new Error(options.failureText)));
    };
    worker.onmessageerror = () => finish(() => reject(new Error(options.failureText)));
    const transfer = job.kind === "read" ? [job.bytes] : (job.packed ?? []);
    worker.postMessage(job, transfer);
  });
}
