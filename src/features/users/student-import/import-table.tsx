import { Button, Input, Space } from "antd";
import { useMemo } from "react";
import type { ColumnDecl } from "../../../../resources/kernel/define";
import { ImportRowsTable } from "../../../lib/import-run/import-rows-table";
import { RowResult } from "../../../lib/import-run/row-result";
import { fieldTitle, importFields, rowProblem, type ImportField, type ImportRow } from "./import-rows";

interface ImportTableProps {
  rows: ImportRow[];
  running: boolean;
  onEdit: (key: number, field: ImportField, value: string) => void;
  onRemove: (key: number) => void;
}

const columns: ColumnDecl[] = [
  { field: "index", title: "序号", width: 60 },
  ...importFields.map((field) => ({ field, title: fieldTitle(field), width: field === "remark" ? 160 : 140 })),
  { field: "result", title: "操作/结果", width: 200 },
];

/** The rows read from the sheet, editable until imported, each with its result. */
export function ImportTable({ rows, running, onEdit, onRemove }: ImportTableProps) {
  const cells = useMemo(() => {
    const input = (field: ImportField) => (row: ImportRow, index: number) => {
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
    };
    return {
      index: (_row: ImportRow, index: number) => index + 1,
      ...Object.fromEntries(importFields.map((field) => [field, input(field)])),
      result: (row: ImportRow) => (
        <Space size={4} wrap>
          <RowResult state={row.state} message={row.state === "failed" ? row.message : rowProblem(row)?.message} />
          {!running && row.state !== "success" && (
            <Button type="link" size="small" danger onClick={() => onRemove(row.key)}>
              删除
            </Button>
          )}
        </Space>
      ),
    };
  }, [running, onEdit, onRemove]);

  return <ImportRowsTable rows={rows} columns={columns} cells={cells} />;
}
