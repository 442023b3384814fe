import { useNotification } from "@refinedev/core";
import { useCallback } from "react";
import { errorText } from "../../../providers/http";
import { isQuiet } from "../../../providers/notify";
import { isCancelled, useSheetExport, type SheetExport, type SheetRead } from "./use-sheet-export";

/** What every export says as it goes and when it ends: one place for the words of all of them. */
export const exportTexts = {
  reading: "正在读取数据",
  written: (written: number, total: number) => `已写入 ${written}/${total} 行`,
  saved: (rows: number) => `已导出 ${rows} 条`,
  cancelled: "已取消导出",
  failed: (error: unknown) => `导出失败：${errorText(error)}`,
} as const;

export interface ExportRun {
  exporting: SheetExport;
  /** Runs the export (useSheetExport) and tells the person how it ended; never rejects. */
  run: (read: SheetRead, sheetName: string, fileName: string) => Promise<void>;
}

/**
 * An export button's run, with the end told the same way everywhere: the rows saved, that it was
 * cancelled, or why it failed (a quiet failure, a 401 on its way to sign-in, says nothing).
 * `failed` words a failure where a screen has its own (2 §8: 导出白名单失败，…).
 */
export function useExport(failed: (error: unknown) => string = exportTexts.failed): ExportRun {
  const { open } = useNotification();
  const exporting = useSheetExport();
  const { run: runExport } = exporting;
  const run = useCallback(
    async (read: SheetRead, sheetName: string, fileName: string) => {
      try {
        const saved = await runExport(read, sheetName, fileName);
        open?.({ type: "success", message: exportTexts.saved(saved) });
      } catch (error) {
        if (isCancelled(error)) open?.({ type: "success", message: exportTexts.cancelled });
        else if (!isQuiet(error)) open?.({ type: "error", message: failed(error) });
      }
    },
    [runExport, open, failed],
  );
  return { exporting, run };
}
