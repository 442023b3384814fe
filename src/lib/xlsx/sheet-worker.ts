import type { SheetJob, SheetReply } from "./protocol";
import { unreadableText } from "./limits";
import { plainXlsx } from "./plain-xlsx";
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

async function run(job: SheetJob): Promise<{ reply: SheetReply; transfer: Transferable[] }> {
  if (job.kind === "read") {
    return { reply: { ok: true, kind: "read", sheet: readSheetRows(job.bytes, job.fileName, job.limits) }, transfer: [] };
  }
  const progress = (written: number, total: number) => scope.postMessage({ ok: true, kind: "progress", written, total });
  const decoder = new TextDecoder();
  const rows = job.packed ? job.packed.flatMap((slice) => JSON.parse(decoder.decode(slice)) as string[][]) : job.rows;
  // A sheet of text alone (an export) is written directly, tens of times faster than by xlsx
  // (plain-xlsx.ts); a template whose empty cells carry a text format still goes through xlsx.
  const bytes = job.textColumns?.length
    ? writeSheet(rows, job.sheetName, { textColumns: job.textColumns, textRows: job.textRows }, progress)
    : await plainXlsx(rows, job.sheetName, progress);
  return { reply: { ok: true, kind: "write", bytes }, transfer: [bytes] };
}

scope.onmessage = async (event) => {
  try {
    const { reply, transfer } = await run(event.data);
    scope.postMessage(reply, transfer);
  } catch (error) {
    scope.postMessage({ ok: false, error: error instanceof SheetError ? error.message : unreadableText });
  }
};
