import { Space, Spin, Typography } from "antd";
import type { RowState } from "./use-import-run";

/** A row's result cell: 导入中 while sent, 成功, or the message in red (failed, or why it cannot go). */
export function RowResult({ state, message }: { state: RowState; message?: string }) {
  if (state === "running") {
    return (
      <Space size={6}>
        <Spin size="small" />
        导入中
      </Space>
    );
  }
  if (state === "success") return <Typography.Text type="success">成功</Typography.Text>;
  return message ? <Typography.Text type="danger">{message}</Typography.Text> : null;
}
