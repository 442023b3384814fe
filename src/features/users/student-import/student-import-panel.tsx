import { Flex } from "antd";
import { ImportFooter } from "../../../lib/import-run/import-footer";
import { SheetPicker } from "../../../lib/import-run/sheet-picker";
import { useSheetChoice } from "../../../lib/import-run/use-sheet-choice";
import { fieldTitle, studentImport, templateHeader } from "./import-rows";
import { ImportTable } from "./import-table";
import { useStudentImport } from "./use-student-import";

export interface StudentImportPanelProps {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
  initialRows?: string[][];
}

const template = {
  fileName: studentImport.templateName,
  sheetName: "学生",
  header: templateHeader,
  textHeaders: [fieldTitle("passwd"), fieldTitle("mobile")],
  rows: studentImport.maxRows,
};

/** The batch-import dialog's content (1 §2.4, §5): file, rows, progress, 关闭 and 导入/停止. */
export function StudentImportPanel({ open, onClose, onImported, initialRows }: StudentImportPanelProps) {
  const job = useStudentImport({ open, onImported, initialRows });
  const choice = useSheetChoice({ extensions: studentImport.extensions, maxRows: studentImport.maxRows, onRows: job.load });
  return (
    <Flex vertical gap={12}>
      <SheetPicker choice={choice} template={template} disabled={job.running} />
      <ImportTable rows={job.rows} running={job.running} onEdit={job.edit} onRemove={job.remove} />
      <ImportFooter run={job} reading={choice.parsing} onClose={onClose} />
    </Flex>
  );
}
