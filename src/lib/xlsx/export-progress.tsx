import { Button, Flex, Progress, Typography } from "antd";
import type { SheetExport } from "./use-sheet-export";

/** Beside an export button while it runs: the rows written so far (or that they are being read) and 取消导出. */
export function ExportProgress({ exporting }: { exporting: SheetExport }) {
  const { state } = exporting;
  if (state.phase === "idle") return null;
  const percent = state.phase === "writing" && state.total > 0 ? Math.round((state.written / state.total) * 100) : 0;
  return (
    <Flex align="center" gap={8}>
      <Progress percent={percent} size="small" status="active" showInfo={false} style={{ width: 120, margin: 0 }} aria-label="导出进度" />
      <Typography.Text type="secondary" role="status">
        {state.phase === "reading" ? "正在读取数据" : `已写入 ${state.written}/${state.total} 行`}
      </Typography.Text>
      <Button size="small" onClick={exporting.cancel}>
        取消导出
      </Button>
    </Flex>
  );
}
