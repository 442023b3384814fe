import { Space, Spin, Typography } from "antd";
import { importedNote, type RowState } from "./use-import-run";

/**
 * A row's result cell: 导入中 while sent, 成功 (or the row's own note, such as 新建学员), or the
 * message in red (failed, or why it cannot go).
 */
export function RowResult({ state, message, note }: { state: RowState; message?: string; note?: string }) {
  if (state === "running") {
    return (
      <Space size={6}>
        <Spin size="small" />
        导入中
      </Space>
    );
  }
  if (state === "success") return <Typography.Text type="success">{note ?? importedNote}</Typography.Text>;
  return message ? <Typography.Text type="danger">{message}</Typography.Text> : null;
}
