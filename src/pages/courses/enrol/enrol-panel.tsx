import { Flex } from "antd";
import { useCallback } from "react";
import { ImportFooter } from "../../../lib/import-run/import-footer";
import { SheetPicker } from "../../../lib/import-run/sheet-picker";
import { useImportRun } from "../../../lib/import-run/use-import-run";
import { useSheetChoice } from "../../../lib/import-run/use-sheet-choice";
import { ContinuePromptDialog } from "./continue-prompt";
import { courseEnrol, enrolRowsFromSheet, type EnrolRow } from "./enrol-rows";
import { EnrolTable } from "./enrol-table";
import { sendEnrolRow } from "./send-enrol-row";
import { useContinuePrompt } from "./use-continue-prompt";

export interface EnrolPanelProps {
  courseId: number;
  open: boolean;
  onClose: () => void;
  /** Data rows to start with, as read from a sheet (stories). */
  initialRows?: string[][];
}

/** The course's batch import by mobile (1 §2.5, §4, §5): file, rows, progress, the failure prompt. */
export function EnrolPanel({ courseId, open, onClose, initialRows }: EnrolPanelProps) {
  const prompt = useContinuePrompt();
  const send = useCallback((row: EnrolRow) => sendEnrolRow(courseId, row), [courseId]);
  const { ask } = prompt;
  const afterFailure = useCallback((_row: EnrolRow, message: string) => ask(message), [ask]);
  const run = useImportRun<EnrolRow>({ initialRows: () => enrolRowsFromSheet(initialRows ?? []), send, afterFailure, open });
  const { load } = run;
  const onRows = useCallback((rows: string[][]) => load(enrolRowsFromSheet(rows)), [load]);
  const choice = useSheetChoice({ extensions: courseEnrol.extensions, maxRows: courseEnrol.maxRows, onRows });

  return (
    <Flex vertical gap={12}>
      <SheetPicker choice={choice} template={courseEnrol.template} disabled={run.running} />
      <EnrolTable rows={run.rows} />
      <ImportFooter run={run} reading={choice.parsing} onClose={onClose} />
      <ContinuePromptDialog prompt={prompt} />
    </Flex>
  );
}
