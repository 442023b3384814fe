import { createContext, useContext } from "react";
import { buildSheet, openSheet, saveFile, type BuildSheet, type OpenSheet } from "./build-sheet";
import { parseSheet, type ParseSheet } from "./parse-sheet";

export interface SheetTools {
  parseSheet: ParseSheet;
  buildSheet: BuildSheet;
  /** A sheet written as its pages come; tools without it (tests' stand-ins) gather the pages and use buildSheet. */
  openSheet?: OpenSheet;
  saveFile: (blob: Blob, fileName: string) => void;
}

/**
 * The spreadsheet functions the import dialogs use. The real ones need a Web Worker; jsdom has
 * none, so tests (and stories that want fixed rows) provide their own.
 */
export const SheetToolsContext = createContext<SheetTools>({ parseSheet, buildSheet, openSheet, saveFile });

export const useSheetTools = () => useContext(SheetToolsContext);
