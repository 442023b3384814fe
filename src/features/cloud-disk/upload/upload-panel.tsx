import { Button, Card, List, Progress, Space } from "antd";
import { cloudDisk } from "../../../../resources/cloud-disk/cloud-disk";
import { formatBytes } from "../../../lib/format";
import { palette } from "../../../lib/theme";
import type { UploadEntry } from "./use-uploads";

const percent = (share: number) => Math.floor(share * 100);

/** What a file is doing, in words (2 §4: uploading; the md5 check before it). */
function phaseText(entry: UploadEntry): string {
  switch (entry.phase) {
    case "hashing":
      return `计算校验值 ${percent(entry.share)}%`;
    case "checking":
      return "校验中";
    case "uploading":
      return `上传中 ${percent(entry.share)}%`;
    case "adding":
      return "保存中";
    case "done":
      return entry.reused ? "上传成功（秒传）" : "上传成功";
    default:
      // The server's words when it refused (a quota, a type); 上传文件失败 alone otherwise (2 §8).
      return !entry.error || entry.error === cloudDisk.messages.uploadFailed ? cloudDisk.messages.uploadFailed : `上传失败：${entry.error}`;
  }
}

/** The files being uploaded, each with its progress bar, 重试 after a failure and 取消 while it runs. */
export function UploadPanel({ entries, onRetry, onRemove, onClearDone }: { entries: UploadEntry[]; onRetry: (id: number) => void; onRemove: (id: number) => void; onClearDone: () => void }) {
  if (!entries.length) return null;
  return (
    <Card
      size="small"
      title="上传列表"
      style={{ marginBottom: 16 }}
      extra={
        <Button size="small" onClick={onClearDone} disabled={!entries.some((e) => e.phase === "done")}>
          清除已完成
        </Button>
      }
    >
      <List
        size="small"
        dataSource={entries}
        renderItem={(entry) => (
          <List.Item
            actions={[
              entry.phase === "failed" && (
                <Button key="retry" size="small" onClick={() => onRetry(entry.id)}>
                  重试
                </Button>
              ),
              <Button key="remove" size="small" type="text" onClick={() => onRemove(entry.id)}>
                {entry.phase === "done" || entry.phase === "failed" ? "移除" : "取消"}
              </Button>,
            ].filter(Boolean)}
          >
            <div style={{ width: "100%" }}>
              <Space style={{ justifyContent: "space-between", width: "100%" }}>
                <span>
                  {entry.name} <span style={{ color: palette.mutedText }}>{formatBytes(entry.size)}</span>
                </span>
                <span role="status" style={{ color: entry.phase === "failed" ? palette.error : palette.mutedText }}>
                  {phaseText(entry)}
                </span>
              </Space>
              <Progress
                aria-label={`${entry.name} 上传进度`}
                percent={entry.phase === "done" || entry.phase === "adding" ? 100 : entry.phase === "checking" ? 0 : percent(entry.share)}
                status={entry.phase === "failed" ? "exception" : entry.phase === "done" ? "success" : "active"}
                showInfo={false}
                size="small"
              />
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
