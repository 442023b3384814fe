import type { SheetJob, SheetReply } from "./protocol";
import { unreadableText } from "./limits";
import { PlainSheet, plainXlsx } from "./plain-xlsx";
import { readSheetRows, SheetError, writeSheet } from "./read-sheet";

/**
 * The module worker that owns xlsx (DESIGN: it parses untrusted files, so it runs outside the
 * page's realm). Each job gets a fresh worker that the page terminates afterwards, so nothing a
 * crafted file does to this realm outlives the job. A write says how many rows it has placed as
 * it goes; the page shows it and may terminate the worker to cancel.
 */
interface WorkerScope {
  onmessage: ((event: MessageEvent<SheetJob>) => void) | null;
  postMessage(message: SheetReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;

const decoder = new TextDecoder();
const unpack = (slice: ArrayBuffer) => JSON.parse(decoder.decode(slice)) as string[][];

/** The sheet being written as its rows come (`open` … `end`); a worker writes one at the most. */
let streamed: PlainSheet | null = null;

async function run(job: SheetJob): Promise<{ reply: SheetReply; transfer: Transferable[] } | null> {
  const progress = (written: number, total: number) => scope.postMessage({ ok: true, kind: "progress", written, total });
  switch (job.kind) {
    case "read":
      return { reply: { ok: true, kind: "read", sheet: readSheetRows(job.bytes, job.fileName, job.limits) }, transfer: [] };
    case "open":
      streamed = new PlainSheet(job.sheetName);
      return null;
    case "rows":
      if (!streamed) throw new Error("no sheet open");
      streamed.add(unpack(job.packed));
      progress(streamed.rows, 0);
      return null;
    case "end": {
      if (!streamed) throw new Error("no sheet open");
      const bytes = await streamed.finish();
      return { reply: { ok: true, kind: "write", bytes }, transfer: [bytes] };
    }
    case "write": {
      const rows = job.packed ? job.packed.flatMap(unpack) : job.rows;
      // A sheet of text alone (an export) is written directly, tens of times faster than by xlsx
      // (plain-xlsx.ts); a template whose empty cells carry a text format still goes through xlsx.
      const bytes = job.textColumns?.length
        ? writeSheet(rows, job.sheetName, { textColumns: job.textColumns, textRows: job.textRows }, progress)
        : await plainXlsx(rows, job.sheetName, progress);
      return { reply: { ok: true, kind: "write", bytes }, transfer: [bytes] };
    }
  }
}

// Jobs run one after another in the order they came: a streamed sheet's batches must not overtake
// each other, nor its end overtake the last of them.
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event) => {
  const done = queue.then(async () => {
    try {
      const answer = await run(event.data);
      if (answer) scope.postMessage(answer.reply, answer.transfer);
    } catch (error) {
      scope.postMessage({ ok: false, error: error instanceof SheetError ? error.message : unreadableText });
    }
  });
  queue = done;
  return done;
};
