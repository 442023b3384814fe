import type { SheetJob, SheetReply } from "./protocol";

/**
 * Runs one job in a fresh sheet worker and always terminates it: on the answer, on a crash and
 * on the time-out (a crafted file can make xlsx loop for a long time).
 */
export function runSheetJob(job: SheetJob, options: { timeoutMs: number; timeoutText: string; failureText: string }): Promise<SheetReply> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./sheet-worker.ts", import.meta.url), { type: "module", name: "sheet" });
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      worker.terminate();
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(new Error(options.timeoutText))), options.timeoutMs);
    worker.onmessage = (event: MessageEvent<SheetReply>) => finish(() => resolve(event.data));
    worker.onerror = (event) => {
      event.preventDefault();
      finish(() => reject(new Error(options.failureText)));
    };
    worker.onmessageerror = () => finish(() => reject(new Error(options.failureText)));
    const transfer = job.kind === "read" ? [job.bytes] : [];
    worker.postMessage(job, transfer);
  });
}
