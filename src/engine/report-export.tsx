import { useDataProvider, useNotification, type BaseRecord } from "@refinedev/core";
import { Button, Space } from "antd";
import dayjs from "dayjs";
import type { ColumnDecl } from "../../resources/kernel/define";
import type { ReportDecl } from "../../resources/kernel/detail";
import { isQuiet } from "../../providers/notify";
import { errorText } from "../../providers/http";
import { DownloadOutlined } from "../components/icons";
import { ExportProgress } from "../lib/xlsx/export-progress";
import { isCancelled, useSheetExport } from "../lib/xlsx/use-sheet-export";
import { cellText } from "./cells";
import { readField } from "./record-fields";

/** Rows a report's call answers at most a page (schemas/kernel/count.def), and the most one export reads. */
const pageOfExport = 100;
export const exportLimit = 10_000;

/** A report's rows as a sheet: the column titles, then each row's cells as the table shows them. */
export function reportSheet(columns: readonly ColumnDecl[], rows: readonly BaseRecord[]): string[][] {
  return [columns.map((column) => column.title), ...rows.map((row) => columns.map((column) => cellText(column, readField(row, column.field), row)))];
}

/** What a file may not be named with (Windows' reserved characters and controls). */
const fileSafe = (text: string) => text.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_");

export interface ReportExportProps {
  /** What is exported and how each column reads: a report's, or a resource list's (`export`). */
  report: Pick<ReportDecl, "name" | "columns" | "export">;
  /** The call the table lists by now (the filtered one when filtered) and everything it sends but the page. */
  api: { list: NonNullable<ReportDecl["calls"]["list"]> };
  params: Record<string, string | number>;
  /** Whose report: in the file's name, where it is one person's. */
  whose?: string;
  total: number;
}

/**
 * 导出 of a report: every row its filters select (up to `exportLimit`), read a page of 100 at a time
 * through the app's data provider, written to xlsx in the sheet worker with the rows written shown
 * and 取消导出 beside them; each column as the table shows it.
 */
export function ReportExport({ report, api, params, whose, total }: ReportExportProps) {
  const dataProvider = useDataProvider();
  const { open } = useNotification();
  const exporting = useSheetExport();
  if (!report.export) return null;
  const { sheet, file } = report.export;

  const read = async () => {
    const rows: BaseRecord[] = [];
    const filters = Object.entries(params).map(([field, value]) => ({ field, operator: "eq" as const, value }));
    for (let page = 1; rows.length < Math.min(total, exportLimit); page++) {
      const { data } = await dataProvider().getList({ resource: report.name, pagination: { current: page, pageSize: pageOfExport, mode: "server" }, filters, meta: { api } });
      if (data.length === 0) break;
      rows.push(...data);
    }
    return reportSheet(report.columns, rows.slice(0, exportLimit));
  };

  const run = async () => {
    try {
      const saved = await exporting.run(read, sheet, `${fileSafe(whose ? `${file}-${whose}` : file)}-${dayjs().format("YYYYMMDD")}.xlsx`);
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
        导出
      </Button>
    </Space>
  );
}
