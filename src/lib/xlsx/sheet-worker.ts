import type { SheetJob, SheetReply } from "./protocol";
import { unreadableText } from "./limits";
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

function run(job: SheetJob): { reply: SheetReply; transfer: Transferable[] } {
  if (job.kind === "read") {
    return { reply: { ok: true, kind: "read", sheet: readSheetRows(job.bytes, job.fileName, job.limits) }, transfer: [] };
  }
  const cells = { textColumns: job.textColumns, textRows: job.textRows };
  const bytes = writeSheet(job.rows, job.sheetName, cells, (written, total) => scope.postMessage({ ok: true, kind: "progress", written, total }));
  return { reply: { ok: true, kind: "write", bytes }, transfer: [bytes] };
}

scope.onmessage = (event) => {
  try {
    const { reply, transfer } = run(event.data);
    scope.postMessage(reply, transfer);
  } catch (error) {
    scope.postMessage({ ok: false, error: error instanceof SheetError ? error.message : unreadableText });
  }
};
