/**
 * Which spreadsheet files a caller takes, by extension: each import has its own list (the
 * student import takes CSV and the old Excel kinds, the course import only xlsx and xls).
 */
export interface SheetFileTypes {
  /** Lower-case extensions without the dot, e.g. ["xlsx", "xls"]. */
  extensions: readonly string[];
}

/** The `accept` attribute of the file input: ".xlsx,.xls". */
export const acceptOf = ({ extensions }: SheetFileTypes) => extensions.map((ext) => `.${ext}`).join(",");

/** Whether the file's name ends with one of the extensions (case-insensitive). */
export function isAcceptedName({ extensions }: SheetFileTypes, fileName: string): boolean {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 && extensions.includes(fileName.slice(dot + 1).toLowerCase());
}

/** The alert both imports show for any other file (1 §5). */
export const badFileText = "格式错误！请重新选择";
