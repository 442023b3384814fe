import { useDataProvider } from "@refinedev/core";
import { Button, Space } from "antd";
import dayjs from "dayjs";
import type { ReportDecl } from "../../resources/kernel/detail";
import { DownloadOutlined } from "../components/icons";
import { ExportProgress } from "../lib/xlsx/export-progress";
import { useExport } from "../lib/xlsx/use-export";
import { fileSafe, pagedSheet } from "./export-pages";

/** Rows a report's call answers at most a page (schemas/kernel/count.def), and the most one export reads. */
const pageOfExport = 100;
export const exportLimit = 10_000;

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
 * through the app's data provider, written to xlsx in the sheet worker page by page with the rows
 * written shown and 取消导出 beside them; each column as the table shows it.
 */
export function ReportExport({ report, api, params, whose, total }: ReportExportProps) {
  const dataProvider = useDataProvider();
  const { exporting, run } = useExport();
  if (!report.export) return null;
  const { sheet, file } = report.export;

  const start = () => {
    const filters = Object.entries(params).map(([field, value]) => ({ field, operator: "eq" as const, value }));
    const page = async (current: number) =>
      (await dataProvider().getList({ resource: report.name, pagination: { current, pageSize: pageOfExport, mode: "server" }, filters, meta: { api } })).data;
    const source = pagedSheet({ columns: report.columns, limit: Math.min(total, exportLimit), page });
    void run(source, sheet, `${fileSafe(whose ? `${file}-${whose}` : file)}-${dayjs().format("YYYYMMDD")}.xlsx`);
  };

  return (
    <Space>
      <ExportProgress exporting={exporting} />
      <Button icon={<DownloadOutlined />} disabled={total === 0} loading={exporting.state.phase !== "idle"} onClick={start}>
        导出
      </Button>
    </Space>
  );
}
