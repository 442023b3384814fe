import { runSheetJob } from "./run-sheet-job";

export type BuildSheet = (rows: string[][], sheetName: string) => Promise<Blob>;

const xlsxType = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** An .xlsx file of one sheet of text, written in the sheet worker (xlsx stays out of the page). */
export const buildSheet: BuildSheet = async (rows, sheetName) => {
  const reply = await runSheetJob(
    { kind: "write", rows: rows.map((row) => row.map(String)), sheetName },
    { timeoutMs: 10_000, timeoutText: "生成文件超时", failureText: "生成文件失败" },
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
