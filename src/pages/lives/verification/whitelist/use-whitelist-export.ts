import { useNotification } from "@refinedev/core";
import { useState } from "react";
import { liveMessages, validatorApi } from "../../../../../resources/live-api";
import { whitelistSheet, type WhitelistEntry } from "../../../../../resources/live-validator";
import { isQuiet } from "../../../../../providers/notify";
import { useSheetTools } from "../../../../lib/xlsx/sheet-tools";
import type { ValidatorService } from "../use-validator-service";
import { failureText } from "./use-whitelist";
import { exportSheet } from "./whitelist-sheet";

/**
 * 导出 (2 §2, §9: up to 50,000 rows): the whole list in one read, written to xlsx in the sheet
 * worker (off the page's thread), then handed to the browser's download. A failure says
 * 导出白名单失败 and the server's words.
 */
export function useWhitelistExport(service: ValidatorService, liveTitle: string) {
  const { buildSheet, saveFile } = useSheetTools();
  const { open } = useNotification();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const { data } = await service.read<{ total: number; resultset: WhitelistEntry[] }>(validatorApi.whitelistExport);
      const blob = await buildSheet(exportSheet(data.resultset), whitelistSheet.sheetName);
      saveFile(blob, whitelistSheet.exportName(liveTitle));
      open?.({ type: "success", message: `已导出 ${data.total} 条` });
    } catch (error) {
      if (!isQuiet(error)) open?.({ type: "error", message: failureText(liveMessages.whitelistExportFailed, error) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
