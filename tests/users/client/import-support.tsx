import { fireEvent } from "@testing-library/react";
import { vi } from "vitest";
import { defaultReadLimits } from "../../../src/lib/xlsx/limits";
import type { ParseSheet } from "../../../src/lib/xlsx/parse-sheet";
import { readSheetRows } from "../../../src/lib/xlsx/read-sheet";
import { SheetToolsContext, type SheetTools } from "../../../src/lib/xlsx/sheet-tools";
import { StudentImportButton } from "../../../src/features/users";
import { renderPage } from "./render-page";

// jsdom's File has no arrayBuffer(); FileReader it has.
const bytesOf = (file: File) =>
  new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file);
  });

/** The worker's own parsing, called in-process: jsdom has no Worker. */
export const parseInProcess: ParseSheet = async (file, options) =>
  readSheetRows(await bytesOf(file), file.name, { ...defaultReadLimits, maxRows: options.maxRows, maxBytes: options.maxBytes ?? defaultReadLimits.maxBytes });

/** A parse that ignores the file and gives these data rows (after a header). */
export const parseGiving = (rows: string[][]) => vi.fn<ParseSheet>(async () => ({ header: ["姓名", "密码", "手机号", "备注"], rows, truncated: false }));

/** Sheet tools for an import dialog: the in-process parse and spies, unless given. */
export const sheetTools = (tools: Partial<SheetTools> = {}): SheetTools => ({
  parseSheet: tools.parseSheet ?? parseInProcess,
  buildSheet: tools.buildSheet ?? vi.fn(async () => new Blob(["xlsx"])),
  saveFile: tools.saveFile ?? vi.fn(),
});

export function renderImport(tools: Partial<SheetTools> = {}) {
  const value = sheetTools(tools);
  const onImported = vi.fn();
  const view = renderPage(
    "/studentop",
    <SheetToolsContext.Provider value={value}>
      <StudentImportButton onImported={onImported} />
    </SheetToolsContext.Provider>,
  );
  return { ...view, onImported, tools: value };
}

export function chooseFile(file: File) {
  fireEvent.change(document.querySelector<HTMLInputElement>(".ant-modal input[type=file]")!, { target: { files: [file] } });
}

export const tableRows = () => [...document.querySelectorAll<HTMLElement>(".ant-modal .ant-table-tbody tr.ant-table-row")];

export const cellInput = (row: number, title: string) => document.querySelector<HTMLInputElement>(`input[aria-label="第${row}行${title}"]`)!;

export const resultOf = (row: number) => tableRows()[row - 1].querySelector("td:last-child")!.textContent;

export const statusText = () => document.querySelector(".ant-modal [role=status]")?.textContent ?? "";

/** Server answers held until the test releases them, to watch rows go one at a time. */
export function heldAnswers() {
  const held: { body: Record<string, unknown>; release: (answer: unknown) => void }[] = [];
  let inFlight = 0;
  let most = 0;
  const handler = (request: { body?: Record<string, unknown> }) =>
    new Promise((resolve) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      held.push({
        body: request.body ?? {},
        release: (answer) => {
          inFlight -= 1;
          resolve(answer);
        },
      });
    });
  return { handler, held, mostAtOnce: () => most };
}
