import { ClearOutlined, DownloadOutlined, ExportOutlined, ImportOutlined, PlusOutlined } from "../../../../components/icons";
import { useNotification } from "@refinedev/core";
import { Button, Flex, Popconfirm } from "antd";
import { whitelistSheet } from "../../../../../resources/live-validator";
import { errorText } from "../../../../../providers/http";
import { useSheetTools } from "../../../../lib/xlsx/sheet-tools";
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

/** 添加, 导入, 下载模板 (an xlsx of the two header columns), 导出 and 清空白名单 (asked first). */
export function WhitelistToolbar({ live, service, total, onAdd, onImport, onClear }: WhitelistToolbarProps) {
  const { buildSheet, saveFile } = useSheetTools();
  const { open } = useNotification();
  const exporting = useWhitelistExport(service, live.title);
  const template = async () => {
    try {
      saveFile(await buildSheet([[...whitelistSheet.header]], whitelistSheet.sheetName), whitelistSheet.templateName);
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
      <Button icon={<ExportOutlined />} loading={exporting.busy} onClick={() => void exporting.run()}>
        {exporting.busy ? "正在导出" : "导出"}
      </Button>
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
