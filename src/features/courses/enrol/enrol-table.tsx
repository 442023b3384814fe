import type { TableColumnsType } from "antd";
import { ImportRowsTable } from "../../../lib/import-run/import-rows-table";
import { RowResult } from "../../../lib/import-run/row-result";
import { mobileProblem, type EnrolRow } from "./enrol-rows";

const columns: TableColumnsType<EnrolRow> = [
  { title: "姓名", dataIndex: "name", key: "name", width: 160, ellipsis: true },
  { title: "手机号", dataIndex: "mobile", key: "mobile", width: 160 },
  {
    title: "结果",
    key: "result",
    // A pending row already says why it will fail, so the sheet can be fixed before the run.
    render: (_, row) => <RowResult state={row.state} note={row.note} message={row.state === "failed" ? row.message : (mobileProblem(row) ?? undefined)} />,
  },
];

/** The rows read from the sheet, each with its result (1 §2.5: name, phone, result). */
export function EnrolTable({ rows }: { rows: EnrolRow[] }) {
  return <ImportRowsTable rows={rows} columns={columns} />;
}
