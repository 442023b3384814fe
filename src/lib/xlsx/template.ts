import type { BuildSheet } from "./build-sheet";

/** An import's template: a sheet whose only row is the header the import reads. */
export interface SheetTemplate {
  fileName: string;
  sheetName: string;
  /** The template's single row. */
  header: readonly string[];
  /**
   * Headers of the columns people type digits into (a mobile, a password): their cells are
   * formatted as text, or Excel turns a typed 0012345 into the number 12345 (issue 16).
   */
  textHeaders: readonly string[];
  /** Rows so formatted below the header: as many as the import reads. */
  rows: number;
}

/** The template's .xlsx, written in the sheet worker. */
export function buildTemplate(buildSheet: BuildSheet, template: SheetTemplate): Promise<Blob> {
  const textColumns = template.header.flatMap((title, column) => (template.textHeaders.includes(title) ? [column] : []));
  return buildSheet([[...template.header]], template.sheetName, { textColumns, textRows: template.rows });
}
