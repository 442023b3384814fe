import { Table, type TableColumnsType } from "antd";
import type { RunRow } from "./use-import-run";

/** The rows of an import file with their results, scrolling inside the dialog. */
export function ImportRowsTable<R extends RunRow>({ rows, columns }: { rows: R[]; columns: TableColumnsType<R> }) {
  return (
    <Table<R>
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
