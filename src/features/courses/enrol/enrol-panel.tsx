import { Flex } from "antd";
import { useCallback } from "react";
import { ImportFooter } from "../../../lib/import-run/import-footer";
import { SheetPicker } from "../../../lib/import-run/sheet-picker";
import { useImportRun, type RowOutcome } from "../../../lib/import-run/use-import-run";
import { useSheetChoice } from "../../../lib/import-run/use-sheet-choice";
import type { SheetTemplate } from "../../../lib/xlsx/template";
import { ContinuePromptDialog } from "./continue-prompt";
import { courseEnrol, enrolRowsFromSheet, type EnrolRow } from "./enrol-rows";
import { EnrolTable } from "./enrol-table";
import { useContinuePrompt } from "./use-continue-prompt";

export interface EnrolPanelProps {
  /** Sends one row (a course's or a live's add-by-mobile call); the server's refusal is the row's result. */
  send: (row: EnrolRow) => Promise<RowOutcome>;
  /** The template offered for download, when not the course's. */
  template?: SheetTemplate;
  open: boolean;
  onClose: () => void;
  /** Data rows to start with, as read from a sheet (stories). */
  initialRows?: string[][];
  /** After a run that added at least one student, even if the dialog closed meanwhile. */
  onImported?: () => void;
  /** What an imported row may say (a live's 已添加 or 新建学员), in the summary's order; 成功 when absent. */
  notes?: readonly string[];
}

/**
 * A batch import of students by mobile (1 §2.5, §4, §5; 2 §5 a live's): file, rows, progress, the
 * failure prompt. xlsx and xls only, the header row dropped, at most 500 rows, one at a time.
 */
export function EnrolPanel({ send, template = courseEnrol.template, open, onClose, initialRows, onImported, notes }: EnrolPanelProps) {
  const prompt = useContinuePrompt();
  const { ask } = prompt;
  const afterFailure = useCallback((_row: EnrolRow, message: string) => ask(message), [ask]);
  const run = useImportRun<EnrolRow>({ initialRows: () => enrolRowsFromSheet(initialRows ?? []), send, afterFailure, onImported, open });
  const { load } = run;
  const onRows = useCallback((rows: string[][]) => load(enrolRowsFromSheet(rows)), [load]);
  const choice = useSheetChoice({ extensions: courseEnrol.extensions, maxRows: courseEnrol.maxRows, onRows });

  return (
    <Flex vertical gap={12}>
      <SheetPicker choice={choice} template={template} disabled={run.running} />
      <EnrolTable rows={run.rows} />
      <ImportFooter run={run} reading={choice.parsing} onClose={onClose} notes={notes} />
      <ContinuePromptDialog prompt={prompt} />
    </Flex>
  );
}
