import type { ColumnDecl } from "../../../resources/kernel/define";
import { LocalRowsTable, type LocalCell } from "../../engine/local-rows-table";
import type { RunRow } from "./use-import-run";

/**
 * The rows of an import file with their results, on the engine's table: every row at once,
 * scrolling inside the dialog, since a person corrects them in place before the run (at most a
 * few hundred rows).
 */
export function ImportRowsTable<R extends RunRow>({ rows, columns, cells }: { rows: R[]; columns: readonly ColumnDecl[]; cells: Partial<Record<string, LocalCell<R>>> }) {
  return <LocalRowsTable<R> rowKey="key" columns={columns} cells={cells} rows={rows} pageSize={false} empty="请先选择要导入的文件，或下载模板按格式填写" />;
}
