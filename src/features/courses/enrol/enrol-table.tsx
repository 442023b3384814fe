import type { ColumnDecl } from "../../../../resources/kernel/define";
import { ImportRowsTable } from "../../../lib/import-run/import-rows-table";
import { RowResult } from "../../../lib/import-run/row-result";
import { mobileProblem, type EnrolRow } from "./enrol-rows";

const columns: ColumnDecl[] = [
  { field: "name", title: "姓名", width: 160, ellipsis: true },
  { field: "mobile", title: "手机号", width: 160 },
  { field: "result", title: "结果" },
];

/** The rows read from the sheet, each with its result (1 §2.5: name, phone, result). */
export function EnrolTable({ rows }: { rows: EnrolRow[] }) {
  return (
    <ImportRowsTable
      rows={rows}
      columns={columns}
      cells={{
        // A pending row already says why it will fail, so the sheet can be fixed before the run.
        result: (row) => <RowResult state={row.state} note={row.note} message={row.state === "failed" ? row.message : (mobileProblem(row) ?? undefined)} />,
      }}
    />
  );
}
