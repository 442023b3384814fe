import { Flex, Progress, Typography } from "antd";
import { countRows, type ImportProgress, type RunRow } from "./use-import-run";

interface ImportProgressLineProps {
  progress: ImportProgress;
  running: boolean;
  /** The table's rows: once a run is over, the line sums up all of them. */
  rows: readonly RunRow[];
  /** What imported rows say, in the order the summary counts them (成功 unless the import tells outcomes apart). */
  notes?: readonly string[];
}

/** How far the run is, and once over, what the table holds. */
export function ImportProgressLine({ progress, running, rows, notes }: ImportProgressLineProps) {
  const { imported, failed, pending } = countRows(rows, notes);
  const sent = running ? progress.done : rows.length - pending;
  const of = running ? progress.total : rows.length;
  const percent = of > 0 ? Math.round((sent / of) * 100) : 0;
  const counts = [...imported.map(({ note, count }) => `${note} ${count} 条`), `失败 ${failed} 条`].join("，");
  const text = running
    ? `正在导入 ${progress.done}/${progress.total}`
    : progress.stopped
      ? `已停止：${counts}，未处理 ${pending} 条`
      : `导入完成：${counts}`;
  return (
    <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
      <Progress percent={percent} size="small" status={running ? "active" : failed > 0 || progress.stopped ? "normal" : "success"} aria-label="导入进度" />
      <Typography.Text type="secondary" role="status">
        {text}
      </Typography.Text>
    </Flex>
  );
}
