import { useCallback } from "react";
import { errorText } from "../../../../providers/http";
import student from "../../../../resources/users/student";
import type { RowOutcome } from "../../../lib/import-run/use-import-run";
import { useCallMutation } from "../../../lib/use-call";
import { rowProblem, type ImportRow } from "./import-rows";

const createStudent = student.api.create!;

/**
 * What sends one row of the import, through the one data provider: the row checked against the
 * row schema first (a bad row is not sent), then created with the add-student call; a refusal
 * shows the server's own message (1 §8) as the row's result, not as a toast.
 */
export function useSendRow(): (row: ImportRow) => Promise<RowOutcome> {
  const { send } = useCallMutation();
  return useCallback(
    async (row: ImportRow) => {
      const problem = rowProblem(row);
      if (problem) return { ok: false, message: problem.message };
      const name = row.name.trim();
      try {
        await send(createStudent, { name, mobile: row.mobile.trim(), passwd: row.passwd, nick: name });
        return { ok: true };
      } catch (error) {
        return { ok: false, message: errorText(error) };
      }
    },
    [send],
  );
}
