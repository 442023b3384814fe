import { useState } from "react";
import { errorText } from "../../../providers/http";
import { badFileText, isAcceptedName, type SheetFileTypes } from "../xlsx/file-types";
import { useSheetTools } from "../xlsx/sheet-tools";

export interface Notice {
  type: "error" | "warning";
  text: string;
}

export interface SheetChoiceOptions extends SheetFileTypes {
  /** Data rows kept after the header row (1 §5: 150 students, 500 course students). */
  maxRows: number;
  /** The data rows of a file that was read. */
  onRows: (rows: string[][]) => void;
}

export interface SheetChoice {
  choose: (file: File) => Promise<void>;
  parsing: boolean;
  fileName: string;
  notice: Notice | null;
  options: SheetChoiceOptions;
}

/**
 * Choosing an import file: refuses other kinds with 格式错误！请重新选择, reads the first sheet in
 * the sheet worker (header row dropped, at most `maxRows` rows) and says when rows were cut.
 */
export function useSheetChoice(options: SheetChoiceOptions): SheetChoice {
  const { parseSheet } = useSheetTools();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [parsing, setParsing] = useState(false);
  const [fileName, setFileName] = useState("");
  const { maxRows, onRows } = options;

  const choose = async (file: File) => {
    setNotice(null);
    if (!isAcceptedName(options, file.name)) {
      setNotice({ type: "error", text: badFileText });
      return;
    }
    setParsing(true);
    try {
      const sheet = await parseSheet(file, { maxRows });
      onRows(sheet.rows);
      setFileName(file.name);
      if (sheet.truncated) setNotice({ type: "warning", text: `文件超过${maxRows}行，只保留了前${maxRows}行` });
      else if (sheet.rows.length === 0) setNotice({ type: "warning", text: "文件中没有可导入的数据（第一行为表头）" });
    } catch (error) {
      setNotice({ type: "error", text: errorText(error) });
    } finally {
      setParsing(false);
    }
  };

  return { choose, parsing, fileName, notice, options };
}
