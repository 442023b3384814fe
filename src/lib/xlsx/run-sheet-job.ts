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

type Answer = Exclude<SheetReply, { kind: "progress" }>;

/** A sheet worker of its own: what is posted to it, and its one answer. */
interface SheetSession {
  post: (job: SheetJob, transfer?: Transferable[]) => void;
  /** Starts the time-out: from now the worker owes an answer or progress every `timeoutMs`. */
  arm: () => void;
  /** The answer; rejects on a crash, the time-out or the caller's cancel. */
  answer: Promise<Answer>;
  /** Set once the answer has settled (a streamed sheet's batches stop there). */
  settled: () => boolean;
}

/**
 * A fresh sheet worker that is always terminated: on the answer, on a crash, on the time-out (a
 * crafted file can make xlsx loop for a long time) and on the caller's cancel. Progress restarts
 * the time-out: 50,000 rows take seconds to write on a slow machine, and a worker that keeps
 * reporting is not stuck.
 */
function sheetSession(options: SheetJobOptions): SheetSession {
  const { signal } = options;
  const worker = new Worker(new URL("./sheet-worker.ts", import.meta.url), { type: "module", name: "sheet" });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armed = false;
  let done = false;
  let settle: { resolve: (reply: Answer) => void; reject: (error: Error) => void } | undefined;
  const answer = new Promise<Answer>((resolve, reject) => (settle = { resolve, reject }));
  const finish = (outcome: () => void) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    signal?.removeEventListener("abort", cancel);
    worker.terminate();
    outcome();
  };
  const fail = (text: string) => finish(() => settle!.reject(new Error(text)));
  const cancel = () => fail(sheetCancelledText);
  const wait = () => {
    if (!armed || done) return;
    clearTimeout(timer);
    timer = setTimeout(() => fail(options.timeoutText), options.timeoutMs);
  };
  if (signal?.aborted) cancel();
  signal?.addEventListener("abort", cancel);
  worker.onmessage = (event: MessageEvent<SheetReply>) => {
    const reply = event.data;
    if (reply.ok && reply.kind === "progress") {
      wait();
      options.onProgress?.(reply.written, reply.total);
      return;
    }
    finish(() => settle!.resolve(reply));
  };
  worker.onerror = (event) => {
    event.preventDefault();
    fail(options.failureText);
  };
  worker.onmessageerror = () => fail(options.failureText);
  return {
    post: (job, transfer = []) => !done && worker.postMessage(job, transfer),
    arm: () => {
      armed = true;
      wait();
    },
    answer,
    settled: () => done,
  };
}

/** Runs one job in a fresh sheet worker (sheetSession), answering its reply. */
export function runSheetJob(job: SheetJob, options: SheetJobOptions): Promise<Answer> {
  const session = sheetSession(options);
  session.arm();
  session.post(job, job.kind === "read" ? [job.bytes] : job.kind === "write" ? (job.packed ?? []) : []);
  return session.answer;
}

/** A sheet written in a fresh worker as its rows come (protocol.ts `open`, `rows`, `end`). */
export interface SheetStream {
  /** Hands one packed batch of rows over (transferred, not copied). Rejects once the worker has failed or been cancelled. */
  rows: (packed: ArrayBuffer) => Promise<void>;
  /** No more rows: the worker's answer, timed from here on (reading pages may take longer than writing). */
  end: () => Promise<Answer>;
}

export function openSheetJob(sheetName: string, options: SheetJobOptions): SheetStream {
  const session = sheetSession(options);
  // Until its end, a failure is seen by the next batch or by `end`: never an unhandled rejection.
  session.answer.catch(() => undefined);
  session.post({ kind: "open", sheetName });
  return {
    rows: async (packed) => {
      if (session.settled()) await session.answer.then(() => Promise.reject(new Error(options.failureText)));
      session.post({ kind: "rows", packed }, [packed]);
    },
    end: () => {
      session.arm();
      session.post({ kind: "end" });
      return session.answer;
    },
  };
}
