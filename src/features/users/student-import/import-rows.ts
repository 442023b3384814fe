import rowSchema from "../../../../schemas/users/student.import-row.schema.json";
import type { RunRow } from "../../../lib/import-run/use-import-run";
import { schemaProblems } from "../../../engine/schema-check";
import type { SheetFileTypes } from "../../../lib/xlsx/file-types";

/** The student batch import's limits (1 §5, §9). */
export const studentImport = {
  maxRows: 150,
  extensions: ["xlsx", "xlc", "xlm", "xls", "xlt", "xlw", "csv"],
  templateName: "学生批量导入模板.xlsx",
} as const satisfies SheetFileTypes & { maxRows: number; templateName: string };

export type ImportField = "name" | "passwd" | "mobile" | "remark";

/** The sheet's columns in order; their titles come from the row schema. */
export const importFields: ImportField[] = ["name", "passwd", "mobile", "remark"];

export const fieldTitle = (field: ImportField) => rowSchema.properties[field].title;

/** The template's single header row. */
export const templateHeader = importFields.map(fieldTitle);

export interface ImportRow extends Record<ImportField, string>, RunRow {}

/** Data rows of the sheet (its header row already dropped), by column position. */
export function rowsFromSheet(rows: string[][]): ImportRow[] {
  return rows.slice(0, studentImport.maxRows).map((cells, index) => ({
    key: index + 1,
    name: cells[0] ?? "",
    passwd: cells[1] ?? "",
    mobile: cells[2] ?? "",
    remark: cells[3] ?? "",
    state: "pending",
  }));
}

/** The row's first failing rule with the schema's own message (手机号不能为空, 手机号格式不对…). */
export function rowProblem(row: ImportRow): { field: ImportField; message: string } | null {
  const values = { name: row.name, passwd: row.passwd, mobile: row.mobile.trim(), remark: row.remark };
  const [first] = schemaProblems(rowSchema, values);
  return first ? { field: first.field as ImportField, message: first.message } : null;
}
