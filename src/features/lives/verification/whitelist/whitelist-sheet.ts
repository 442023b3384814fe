import type { SheetRows } from "../../../../lib/xlsx/limits";
import { whitelistSheet, type WhitelistEntry, type WhitelistRow, type WhitelistRowError } from "../../../../../resources/lives/live-validator";

/** 2 §5: the import reads the nick/username column and the password column, found by their headers. */
const usernameHeader = /昵称|用户名|用户|账号|nick|user|name/i;
const passwordHeader = /密码|口令|password|passwd|pwd/i;

/** Where the two columns are: by their header words, else the first two columns in order. */
export function columnsOf(header: readonly string[]): { username: number; password: number } {
  const password = header.findIndex((text) => passwordHeader.test(text));
  const username = header.findIndex((text, index) => index !== password && usernameHeader.test(text));
  if (username >= 0 && password >= 0) return { username, password };
  if (password >= 0) return { username: password === 0 ? 1 : 0, password };
  if (username >= 0) return { username, password: username === 1 ? 0 : 1 };
  return { username: 0, password: 1 };
}

/** The sheet's data rows as the import sends them. */
export function rowsOf(sheet: Pick<SheetRows, "header" | "rows">): WhitelistRow[] {
  const { username, password } = columnsOf(sheet.header);
  return sheet.rows.map((row) => ({ username: row[username] ?? "", password: row[password] ?? "" }));
}

/** The refused rows for 下载错误行: the position in the file's data, the row, and why. */
export const errorSheet = (errors: readonly WhitelistRowError[]): string[][] => [
  ["序号", ...whitelistSheet.header, "错误原因"],
  ...errors.map((e) => [String(e.row), e.username, e.password, e.reason]),
];

/** The whole list for 导出, in the import template's columns, so an export imports again as it is. */
export const exportSheet = (entries: readonly WhitelistEntry[]): string[][] => [[...whitelistSheet.header], ...entries.map((e) => [e.username, e.password])];
