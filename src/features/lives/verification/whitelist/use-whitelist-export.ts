import { liveMessages, validatorApi } from "../../../../../resources/lives/live-api";
import { whitelistSheet, type WhitelistEntry } from "../../../../../resources/lives/live-validator";
import { useExport } from "../../../../lib/xlsx/use-export";
import type { ValidatorService } from "../use-validator-service";
import { failureText } from "./use-whitelist";
import { exportSheet } from "./whitelist-sheet";

const failed = (error: unknown) => failureText(liveMessages.whitelistExportFailed, error);

/**
 * 导出 (2 §2, §9: up to 50,000 rows): the whole list in one read, written to xlsx in the sheet
 * worker (off the page's thread) with the rows written shown as it goes and 取消 beside them, then
 * handed to the browser's download. A failure says 导出白名单失败 and the server's words.
 */
export function useWhitelistExport(service: ValidatorService, liveTitle: string) {
  const { exporting, run: runExport } = useExport(failed);
  const run = () => runExport(async () => exportSheet((await service.read<{ resultset: WhitelistEntry[] }>(validatorApi.whitelistExport)).data.resultset), whitelistSheet.sheetName, whitelistSheet.exportName(liveTitle));
  return { exporting, run };
}
