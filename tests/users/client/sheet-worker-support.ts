import { vi } from "vitest";
import type { SheetJob, SheetReply } from "../../../src/lib/xlsx/protocol";

type Script = (job: SheetJob, worker: FakeWorker) => void;

/** Stands in for the page's `Worker`: what it answers is the test's `script`, each reply a task later. */
export class FakeWorker {
  static script: Script = () => undefined;
  static made: FakeWorker[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { preventDefault(): void }) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  terminated = false;
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    FakeWorker.made.push(this);
  }
  postMessage(job: SheetJob) {
    FakeWorker.script(job, this);
  }
  terminate() {
    this.terminated = true;
  }
  /** Any data, a malformed answer included. */
  reply(data: unknown) {
    setTimeout(() => this.onmessage?.({ data }), 0);
  }
}

/** The sheet worker module itself, loaded into this realm with a stand-in for the worker's `self`. */
export async function runInSheetWorker(job: SheetJob): Promise<SheetReply[]> {
  const replies: SheetReply[] = [];
  const scope: { onmessage: ((event: { data: SheetJob }) => unknown) | null; postMessage: (reply: SheetReply) => void } = {
    onmessage: null,
    postMessage: (reply) => replies.push(reply),
  };
  vi.stubGlobal("self", scope);
  // The module sets `self.onmessage` when it loads: loaded afresh, whichever file loaded it before.
  vi.resetModules();
  await import("../../../src/lib/xlsx/sheet-worker");
  // A write may finish after the handler returns (its deflate is a stream): its answer is awaited.
  await scope.onmessage!({ data: job });
  return replies;
}
