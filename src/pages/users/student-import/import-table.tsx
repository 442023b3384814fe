import { Button, Input, Space, Spin, Table, Typography, type TableColumnsType } from "antd";
import { useMemo } from "react";
import { fieldTitle, importFields, rowProblem, type ImportField, type ImportRow } from "./import-rows";

interface ImportTableProps {
  rows: ImportRow[];
  running: boolean;
  onEdit: (key: number, field: ImportField, value: string) => void;
  onRemove: (key: number) => void;
}

function RowResult({ row, problem }: { row: ImportRow; problem: string | undefined }) {
  if (row.state === "running") {
    return (
      <Space size={6}>
        <Spin size="small" />
        导入中
      </Space>
    );
  }
  if (row.state === "success") return <Typography.Text type="success">成功</Typography.Text>;
  const text = row.state === "failed" ? row.message : problem;
  return text ? <Typography.Text type="danger">{text}</Typography.Text> : null;
}

/** The rows read from the sheet, editable until imported, each with its result. */
export function ImportTable({ rows, running, onEdit, onRemove }: ImportTableProps) {
  const columns = useMemo<TableColumnsType<ImportRow>>(
    () => [
      { title: "序号", key: "index", width: 60, render: (_, _row, index) => index + 1 },
      ...importFields.map((field) => ({
        title: fieldTitle(field),
        key: field,
        width: field === "remark" ? 160 : 140,
        render: (_: unknown, row: ImportRow, index: number) => {
          const problem = row.state === "pending" ? rowProblem(row) : null;
          return (
            <Input
              size="small"
              value={row[field]}
              aria-label={`第${index + 1}行${fieldTitle(field)}`}
              disabled={running || row.state === "success"}
              status={problem?.field === field ? "error" : undefined}
              onChange={(event) => onEdit(row.key, field, event.target.value)}
            />
          );
        },
      })),
      {
        title: "操作/结果",
        key: "result",
        width: 200,
        render: (_, row) => (
          <Space size={4} wrap>
            <RowResult row={row} problem={rowProblem(row)?.message} />
            {!running && row.state !== "success" && (
              <Button type="link" size="small" danger onClick={() => onRemove(row.key)}>
                删除
              </Button>
            )}
          </Space>
        ),
      },
    ],
    [running, onEdit, onRemove],
  );

  return (
    <Table<ImportRow>
      rowKey="key"
      size="small"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ y: 360 }}
      locale={{ emptyText: "请先选择要导入的文件，或下载模板按格式填写" }}
    />
  );
}
