import { Flex, Progress, Typography } from "antd";
import type { ImportProgress } from "./use-import-run";

/** How far the run is, and once over, what it did. */
export function ImportProgressLine({ progress, running }: { progress: ImportProgress; running: boolean }) {
  const { done, total, succeeded, failed, stopped } = progress;
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const counts = `成功 ${succeeded} 条，失败 ${failed} 条`;
  const text = running
    ? `正在导入 ${done}/${total}`
    : stopped
      ? `已停止：${counts}，未处理 ${total - done} 条`
      : `导入完成：${counts}`;
  return (
    <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
      <Progress percent={percent} size="small" status={running ? "active" : failed > 0 || stopped ? "normal" : "success"} aria-label="导入进度" />
      <Typography.Text type="secondary" role="status">
        {text}
      </Typography.Text>
    </Flex>
  );
}
