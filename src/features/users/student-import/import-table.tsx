import { Button, Input, Space, type TableColumnsType } from "antd";
import { useMemo } from "react";
import { ImportRowsTable } from "../../../lib/import-run/import-rows-table";
import { RowResult } from "../../../lib/import-run/row-result";
import { fieldTitle, importFields, rowProblem, type ImportField, type ImportRow } from "./import-rows";

interface ImportTableProps {
  rows: ImportRow[];
  running: boolean;
  onEdit: (key: number, field: ImportField, value: string) => void;
  onRemove: (key: number) => void;
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
            <RowResult state={row.state} message={row.state === "failed" ? row.message : rowProblem(row)?.message} />
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

  return <ImportRowsTable rows={rows} columns={columns} />;
}
