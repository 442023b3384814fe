import { call, errorText } from "../../../../providers/http";
import course from "../../../../resources/courses/course";
import type { RowOutcome } from "../../../lib/import-run/use-import-run";
import { mobileProblem, type EnrolRow } from "./enrol-rows";

/**
 * Adds the row's student to the course by mobile (1 §7). A mobile the schema refuses is not sent;
 * a refusal shows the server's own message as the row's result (1 §8).
 */
export async function sendEnrolRow(courseId: number, row: EnrolRow): Promise<RowOutcome> {
  const problem = mobileProblem(row);
  if (problem) return { ok: false, message: problem };
  try {
    await call(course.extra.addStudentByMobile, { mobile: row.mobile, courseid: courseId });
    return { ok: true };
  } catch (error) {
    return { ok: false, message: errorText(error) };
  }
}
