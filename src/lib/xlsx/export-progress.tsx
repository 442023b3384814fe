import { Button, Flex, Progress, Typography } from "antd";
import { exportTexts } from "./use-export";
import type { SheetExport } from "./use-sheet-export";

/** Beside an export button while it runs: the rows written so far (or that they are being read, the bar how many) and 取消导出. */
export function ExportProgress({ exporting }: { exporting: SheetExport }) {
  const { state } = exporting;
  if (state.phase === "idle") return null;
  const [done, of] = state.phase === "writing" ? [state.written, state.total] : [state.read, state.total];
  const percent = of > 0 ? Math.min(100, Math.round((done / of) * 100)) : 0;
  return (
    <Flex align="center" gap={8}>
      <Progress percent={percent} size="small" status="active" showInfo={false} style={{ width: 120, margin: 0 }} aria-label="导出进度" />
      <Typography.Text type="secondary" role="status">
        {state.phase === "reading" ? exportTexts.reading : exportTexts.written(state.written, state.total)}
      </Typography.Text>
      <Button size="small" onClick={exporting.cancel}>
        取消导出
      </Button>
    </Flex>
  );
}
