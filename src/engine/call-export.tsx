import { useDataProvider, useNotification, type BaseRecord } from "@refinedev/core";
import { Button, Space } from "antd";
import dayjs from "dayjs";
import type { CallColumnDecl, CallListDecl } from "../../resources/kernel/call-list";
import { errorText } from "../../providers/http";
import { isQuiet } from "../../providers/notify";
import { DownloadOutlined } from "../components/icons";
import { ExportProgress } from "../lib/xlsx/export-progress";
import { isCancelled, useSheetExport } from "../lib/xlsx/use-sheet-export";
import { cellText } from "./cells";
import { readField } from "./record-fields";

type Params = Readonly<Record<string, string | number>>;

/** Rows turned into cells between two yields: each slice a few milliseconds, so the page never stalls on 100,000 rows. */
const rowsPerSlice = 500;
const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The rows as the table shows them (a header of the column titles first), a slice at a time. */
export async function sheetOf(columns: readonly CallColumnDecl[], rows: readonly BaseRecord[]): Promise<string[][]> {
  const sheet: string[][] = [columns.map((c) => c.title)];
  for (let start = 0; start < rows.length; start += rowsPerSlice) {
    for (const row of rows.slice(start, start + rowsPerSlice)) sheet.push(columns.map((c) => cellText(c, readField(row, c.field), row)));
    if (start + rowsPerSlice < rows.length) await yieldToPage();
  }
  return sheet;
}

const fileSafe = (text: string) => text.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_");

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
 * read through the one data provider `pageSize` a call, written to xlsx in the sheet worker with its
 * progress and 取消导出 beside the button.
 */
export function CallExport({ list, sent, columns, selected, total }: CallExportProps) {
  const dataProvider = useDataProvider();
  const { open } = useNotification();
  const exporting = useSheetExport();
  const { sheet, file, pageSize, max } = list.export;

  const readAll = async () => {
    const rows: BaseRecord[] = [];
    const filters = Object.entries(sent).map(([field, value]) => ({ field, operator: "eq" as const, value }));
    const listShape = { ...list.paging, rows: list.rows };
    for (let page = 1; rows.length < Math.min(total, max); page++) {
      const { data } = await dataProvider().getList({ resource: list.call.path, pagination: { current: page, pageSize, mode: "server" }, filters, meta: { api: { list: list.call }, listShape } });
      if (data.length === 0) break;
      rows.push(...data);
    }
    return rows.slice(0, max);
  };

  const run = async () => {
    try {
      const read = async () => sheetOf(columns, selected.length ? selected : await readAll());
      const saved = await exporting.run(read, sheet, `${fileSafe(file)}-${dayjs().format("YYYYMMDD")}.xlsx`);
      open?.({ type: "success", message: `已导出 ${saved} 条` });
    } catch (error) {
      if (isCancelled(error)) open?.({ type: "success", message: "已取消导出" });
      else if (!isQuiet(error)) open?.({ type: "error", message: `导出失败：${errorText(error)}` });
    }
  };

  return (
    <Space>
      <ExportProgress exporting={exporting} />
      <Button icon={<DownloadOutlined />} disabled={total === 0} loading={exporting.state.phase !== "idle"} onClick={() => void run()}>
        {selected.length ? `导出所选（${selected.length}）` : "导出全部"}
      </Button>
    </Space>
  );
}
