/** What the page and the sheet worker agree on; no xlsx here, so the page can import it. */

/** The first sheet as plain text: its first non-blank row, and the data rows after it. */
export interface SheetRows {
  header: string[];
  rows: string[][];
  /** The sheet had more data rows than `maxRows`; only the first ones were kept. */
  truncated: boolean;
}

export interface ReadLimits {
  /** Data rows kept after the header (150 for the student import, 500 for the course one). */
  maxRows: number;
  maxBytes: number;
  maxColumns: number;
  maxCellLength: number;
}

export const defaultReadLimits: Omit<ReadLimits, "maxRows"> = { maxBytes: 2 * 1024 * 1024, maxColumns: 20, maxCellLength: 500 };

export const tooLargeText = (maxBytes: number) => `文件不能超过${formatSize(maxBytes)}，请重新选择`;
export const unreadableText = "文件解析失败，请检查文件内容";

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)}MB` : `${Math.ceil(bytes / 1024)}KB`;
}
