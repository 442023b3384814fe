import { DownloadOutlined } from "../../../../components/icons";
import { useNotification } from "@refinedev/core";
import { Alert, Button, Flex } from "antd";
import type { ColumnDecl } from "../../../../../resources/kernel/define";
import { whitelistSheet, type WhitelistRowError } from "../../../../../resources/lives/live-validator";
import { errorText } from "../../../../../providers/http";
import { LocalRowsTable } from "../../../../engine/local-rows-table";
import { ExportProgress } from "../../../../lib/xlsx/export-progress";
import { isCancelled, useSheetExport } from "../../../../lib/xlsx/use-sheet-export";
import { errorSheet } from "./whitelist-sheet";

export interface ImportErrorsProps {
  fileName?: string;
  total: number;
  accepted: number;
  errors: readonly WhitelistRowError[];
  /** Only the counts and the download (under the import's result). */
  compact?: boolean;
}

const columns: ColumnDecl[] = [
  { field: "row", title: "序号", width: 80 },
  { field: "username", title: "用户名", ellipsis: true },
  { field: "password", title: "密码", ellipsis: true },
  { field: "reason", title: "错误原因" },
];

/**
 * What the dry run found: how many rows can go in and which cannot, each with its reason; 下载错误行
 * as xlsx (up to 20,000 rows: the rows written are shown, and it can be cancelled).
 */
export function ImportErrors({ fileName, total, accepted, errors, compact }: ImportErrorsProps) {
  const { open } = useNotification();
  const exporting = useSheetExport();
  const download = async () => {
    try {
      await exporting.run(async () => errorSheet(errors), "错误行", whitelistSheet.errorsName);
    } catch (error) {
      if (!isCancelled(error)) open?.({ type: "error", message: errorText(error) });
    }
  };
  const summary = `${fileName ? `${fileName}：` : ""}共 ${total} 条，可导入 ${accepted} 条，错误 ${errors.length} 条`;
  return (
    <Flex vertical gap={12}>
      {!compact && <Alert type={errors.length ? "warning" : "success"} showIcon message={summary} description={errors.length ? "错误行不会导入；可下载错误行修改后再导入。" : "全部数据可以导入。"} />}
      {errors.length > 0 && (
        <>
          {!compact && (
            <LocalRowsTable rowKey="row" columns={columns} rows={errors} pageSize={5} totalText={(n) => `共 ${n} 条错误`} empty="没有错误行" />
          )}
          <Flex align="center" gap={8} wrap>
            <Button icon={<DownloadOutlined />} disabled={exporting.state.phase !== "idle"} onClick={() => void download()}>
              下载错误行
            </Button>
            <ExportProgress exporting={exporting} />
          </Flex>
        </>
      )}
    </Flex>
  );
}
