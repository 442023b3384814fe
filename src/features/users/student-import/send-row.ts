import { call, errorText } from "../../../../providers/http";
import student from "../../../../resources/users/student";
import type { RowOutcome } from "../../../lib/import-run/use-import-run";
import { rowProblem, type ImportRow } from "./import-rows";

const createStudent = student.api.create!;

/**
 * One row of the import: checked against the row schema first (a bad row is not sent), then
 * created with the add-student call; a refusal shows the server's own message (1 §8).
 */
export async function sendRow(row: ImportRow): Promise<RowOutcome> {
  const problem = rowProblem(row);
  if (problem) return { ok: false, message: problem.message };
  const name = row.name.trim();
  try {
    await call(createStudent, { name, mobile: row.mobile.trim(), passwd: row.passwd, nick: name });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: errorText(error) };
  }
}
