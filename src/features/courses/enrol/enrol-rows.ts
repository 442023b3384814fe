import mobileSchema from "../../../../schemas/courses/course.student-mobile.schema.json";
import type { RunRow } from "../../../lib/import-run/use-import-run";
import { fieldProblem } from "../../../engine/schema-check";

const maxRows = 500;

/** The course's student import by mobile (1 §5, §9): xlsx and xls only, at most 500 rows. */
export const courseEnrol = {
  maxRows,
  extensions: ["xlsx", "xls"],
  template: { fileName: "课程学员导入模板.xlsx", sheetName: "学员", header: ["姓名", "手机号"], textHeaders: ["手机号"], rows: maxRows },
} as const;

/** One sheet row: the name is shown only; the mobile picks the organisation's student. */
export interface EnrolRow extends RunRow {
  name: string;
  mobile: string;
}

/** Data rows of the sheet (header dropped): name in the first column, mobile in the second. */
export function enrolRowsFromSheet(rows: string[][]): EnrolRow[] {
  return rows.slice(0, courseEnrol.maxRows).map((cells, index) => ({ key: index + 1, name: cells[0] ?? "", mobile: (cells[1] ?? "").trim(), state: "pending" }));
}

/** Why the row's mobile cannot be sent, in the add-by-mobile schema's words (手机号不能为空, 手机号格式不对). */
export const mobileProblem = (row: EnrolRow): string | null => fieldProblem(mobileSchema, "mobile", { mobile: row.mobile });
