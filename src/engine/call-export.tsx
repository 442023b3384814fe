import { useDataProvider, type BaseRecord } from "@refinedev/core";
import { Button, Space } from "antd";
import dayjs from "dayjs";
import type { CallColumnDecl, CallListDecl } from "../../resources/kernel/call-list";
import { DownloadOutlined } from "../components/icons";
import { ExportProgress } from "../lib/xlsx/export-progress";
import { useExport } from "../lib/xlsx/use-export";
import { fileSafe, pagedSheet } from "./export-pages";
import { readField } from "./record-fields";

type Params = Readonly<Record<string, string | number>>;

export interface CallExportProps {
  list: CallListDecl & { export: NonNullable<CallListDecl["export"]> };
  /** What the list's call sends (its parameters, no page). */
  sent: Params;
  /** The columns shown now: what the file holds. */
  columns: readonly CallColumnDecl[];
  /** Rows chosen in the table, in the order chosen; none: every row of the call. */
  selected: readonly BaseRecord[];
  total: number;
}

/**
 * 导出 of a call's list (resources/kernel/call-list.ts `export`): the selected rows, or every row
 * read through the one data provider `pageSize` a call (after the last row read, where the list
 * declares `after`), written to xlsx in the sheet worker page by page with its progress and
 * 取消导出 beside the button.
 */
export function CallExport({ list, sent, columns, selected, total }: CallExportProps) {
  const dataProvider = useDataProvider();
  const { exporting, run } = useExport();
  const { sheet, file, pageSize, max, after } = list.export;

  const start = () => {
    const listShape = { ...list.paging, rows: list.rows };
    const page = async (current: number, last: BaseRecord | undefined) => {
      const params: Record<string, unknown> = { ...sent, ...(after && last ? { [after]: readField(last, list.rowKey) } : {}) };
      const filters = Object.entries(params).map(([field, value]) => ({ field, operator: "eq" as const, value }));
      // Keyset pages are each the first page after their row.
      const pagination = { current: after ? 1 : current, pageSize, mode: "server" as const };
      return (await dataProvider().getList({ resource: list.call.path, pagination, filters, meta: { api: { list: list.call }, listShape } })).data;
    };
    const source = pagedSheet({ columns, limit: selected.length ? selected.length : Math.min(total, max), rows: selected.length ? selected : undefined, page, keyset: !!after });
    void run(source, sheet, `${fileSafe(file)}-${dayjs().format("YYYYMMDD")}.xlsx`);
  };

  return (
    <Space>
      <ExportProgress exporting={exporting} />
      <Button icon={<DownloadOutlined />} disabled={total === 0} loading={exporting.state.phase !== "idle"} onClick={start}>
        {selected.length ? `导出所选（${selected.length}）` : "导出全部"}
      </Button>
    </Space>
  );
}
