import { Button, Flex } from "antd";
import { ImportProgressLine } from "./import-progress";
import type { ImportRun, RunRow } from "./use-import-run";

interface ImportFooterProps {
  run: Pick<ImportRun<RunRow>, "rows" | "running" | "stopping" | "progress" | "start" | "stop">;
  /** A file is being read: 导入 waits for its rows. */
  reading: boolean;
  onClose: () => void;
  /** What imported rows say, where the import tells outcomes apart (the summary counts each). */
  notes?: readonly string[];
}

/** The import dialog's last line: progress, 关闭, and 导入 or 停止. */
export function ImportFooter({ run, reading, onClose, notes }: ImportFooterProps) {
  const { running, progress, stopping } = run;
  const importable = run.rows.some((row) => row.state !== "success");
  return (
    <Flex align="center" gap={12}>
      <div style={{ flex: 1, minWidth: 0 }}>{progress && <ImportProgressLine progress={progress} running={running} rows={run.rows} notes={notes} />}</div>
      <Button onClick={onClose}>关闭</Button>
      {/* Two buttons, not one changing: antd clears a button's loading in an effect after the
          render, so the one that said 正在停止 would ignore a click on 导入 until then. */}
      {running ? (
        <Button key="stop" danger loading={stopping} onClick={run.stop}>
          {stopping ? "正在停止" : "停止"}
        </Button>
      ) : (
        <Button key="import" type="primary" disabled={!importable || reading} onClick={() => void run.start()}>
          导入
        </Button>
      )}
    </Flex>
  );
}
