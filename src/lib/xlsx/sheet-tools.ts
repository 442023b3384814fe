import { createContext, useContext } from "react";
import { buildSheet, saveFile, type BuildSheet } from "./build-sheet";
import { parseSheet, type ParseSheet } from "./parse-sheet";

export interface SheetTools {
  parseSheet: ParseSheet;
  buildSheet: BuildSheet;
  saveFile: (blob: Blob, fileName: string) => void;
}

/**
 * The spreadsheet functions the import dialogs use. The real ones need a Web Worker; jsdom has
 * none, so tests (and stories that want fixed rows) provide their own.
 */
export const SheetToolsContext = createContext<SheetTools>({ parseSheet, buildSheet, saveFile });

export const useSheetTools = () => useContext(SheetToolsContext);
