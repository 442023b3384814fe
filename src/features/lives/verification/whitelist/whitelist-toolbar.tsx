import { ClearOutlined, DownloadOutlined, ExportOutlined, ImportOutlined, PlusOutlined } from "../../../../components/icons";
import { useNotification } from "@refinedev/core";
import { Button, Flex, Popconfirm } from "antd";
import { liveLimits } from "../../../../../resources/lives/live-api";
import { whitelistSheet } from "../../../../../resources/lives/live-validator";
import { errorText } from "../../../../../providers/http";
import { ExportProgress } from "../../../../lib/xlsx/export-progress";
import { useSheetTools } from "../../../../lib/xlsx/sheet-tools";
import { buildTemplate, type SheetTemplate } from "../../../../lib/xlsx/template";
import type { ValidatorService } from "../use-validator-service";
import { useWhitelistExport } from "./use-whitelist-export";

export interface WhitelistToolbarProps {
  live: { id: number; title: string };
  service: ValidatorService;
  total: number;
  onAdd: () => void;
  onImport: () => void;
  onClear: () => Promise<boolean>;
}

/**
 * The import's template: both columns text, so a numeric username or password (a student number,
 * 001234) keeps its zeros when typed in Excel, for as many rows as one import takes.
 */
const whitelistTemplate: SheetTemplate = {
  fileName: whitelistSheet.templateName,
  sheetName: whitelistSheet.sheetName,
  header: whitelistSheet.header,
  textHeaders: whitelistSheet.header,
  rows: liveLimits.whitelistPerImport,
};

/** 添加, 导入, 下载模板 (an xlsx of the two header columns), 导出 (with its progress and 取消导出) and 清空白名单 (asked first). */
export function WhitelistToolbar({ live, service, total, onAdd, onImport, onClear }: WhitelistToolbarProps) {
  const { buildSheet, saveFile } = useSheetTools();
  const { open } = useNotification();
  const exported = useWhitelistExport(service, live.title);
  const busy = exported.exporting.state.phase !== "idle";
  const template = async () => {
    try {
      saveFile(await buildTemplate(buildSheet, whitelistTemplate), whitelistSheet.templateName);
    } catch (error) {
      open?.({ type: "error", message: errorText(error) });
    }
  };
  return (
    <Flex gap={8} wrap>
      <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
        添加
      </Button>
      <Button icon={<ImportOutlined />} onClick={onImport}>
        导入
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => void template()}>
        下载模板
      </Button>
      <Button icon={<ExportOutlined />} disabled={busy} onClick={() => void exported.run()}>
        导出
      </Button>
      <ExportProgress exporting={exported.exporting} />
      <Popconfirm
        title="确定清空白名单吗？"
        description="清空后不可恢复"
        okText="清空"
        cancelText="取消"
        okButtonProps={{ danger: true }}
        disabled={total === 0}
        onConfirm={onClear}
      >
        <Button danger icon={<ClearOutlined />} disabled={total === 0}>
          清空白名单
        </Button>
      </Popconfirm>
    </Flex>
  );
}
