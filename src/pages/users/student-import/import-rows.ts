import rowSchema from "../../../../schemas/student.import-row.schema.json";
import { compileSchema, validateValues, type JsonSchema } from "../../../lib/schema-rules";

/** The student batch import's limits (1 §5, §9). */
export const studentImport = {
  maxRows: 150,
  extensions: ["xlsx", "xlc", "xlm", "xls", "xlt", "xlw", "csv"],
  badFileText: "格式错误！请重新选择",
  templateName: "学生批量导入模板.xlsx",
} as const;

export const acceptAttribute = studentImport.extensions.map((ext) => `.${ext}`).join(",");

export function isAcceptedFile(fileName: string): boolean {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 && (studentImport.extensions as readonly string[]).includes(fileName.slice(dot + 1).toLowerCase());
}

export type ImportField = "name" | "passwd" | "mobile" | "remark";

/** The sheet's columns in order; their titles come from the row schema. */
export const importFields: ImportField[] = ["name", "passwd", "mobile", "remark"];

const compiled = compileSchema(rowSchema as JsonSchema);

export const fieldTitle = (field: ImportField) => compiled.fields[field].title;

/** The template's single header row. */
export const templateHeader = importFields.map(fieldTitle);

/** pending (not sent yet), running (being sent), success (1), failed (2, with the message) — 1 §4. */
export type RowState = "pending" | "running" | "success" | "failed";

export interface ImportRow extends Record<ImportField, string> {
  key: number;
  state: RowState;
  message?: string;
}

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
  const [first] = validateValues(compiled, values);
  return first ? { field: first.field as ImportField, message: first.message } : null;
}
