import { useNotification } from "@refinedev/core";
import { liveMessages, validatorApi } from "../../../../../resources/lives/live-api";
import { whitelistSheet, type WhitelistEntry } from "../../../../../resources/lives/live-validator";
import { isQuiet } from "../../../../../providers/notify";
import { isCancelled, useSheetExport } from "../../../../lib/xlsx/use-sheet-export";
import type { ValidatorService } from "../use-validator-service";
import { failureText } from "./use-whitelist";
import { exportSheet } from "./whitelist-sheet";

/**
 * 导出 (2 §2, §9: up to 50,000 rows): the whole list in one read, written to xlsx in the sheet
 * worker (off the page's thread) with the rows written shown as it goes and 取消 beside them, then
 * handed to the browser's download. A failure says 导出白名单失败 and the server's words.
 */
export function useWhitelistExport(service: ValidatorService, liveTitle: string) {
  const { open } = useNotification();
  const exporting = useSheetExport();
  const run = async () => {
    try {
      const read = async () => exportSheet((await service.read<{ resultset: WhitelistEntry[] }>(validatorApi.whitelistExport)).data.resultset);
      const saved = await exporting.run(read, whitelistSheet.sheetName, whitelistSheet.exportName(liveTitle));
      open?.({ type: "success", message: `已导出 ${saved} 条` });
    } catch (error) {
      if (isCancelled(error)) open?.({ type: "success", message: "已取消导出" });
      else if (!isQuiet(error)) open?.({ type: "error", message: failureText(liveMessages.whitelistExportFailed, error) });
    }
  };
  return { exporting, run };
}
