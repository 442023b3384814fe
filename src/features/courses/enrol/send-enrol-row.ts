import { useCallback } from "react";
import { errorText } from "../../../../providers/http";
import course from "../../../../resources/courses/course";
import type { RowOutcome } from "../../../lib/import-run/use-import-run";
import { useCallMutation } from "../../../lib/use-call";
import { mobileProblem, type EnrolRow } from "./enrol-rows";

/**
 * What adds a row's student to a course by mobile (1 §7), through the one data provider. A mobile
 * the schema refuses is not sent; a refusal shows the server's own message as the row's result (1 §8).
 */
export function useSendEnrolRow(): (courseId: number, row: EnrolRow) => Promise<RowOutcome> {
  const { send } = useCallMutation();
  return useCallback(
    async (courseId: number, row: EnrolRow) => {
      const problem = mobileProblem(row);
      if (problem) return { ok: false, message: problem };
      try {
        await send(course.extra.addStudentByMobile, { mobile: row.mobile, courseid: courseId });
        return { ok: true };
      } catch (error) {
        return { ok: false, message: errorText(error) };
      }
    },
    [send],
  );
}
