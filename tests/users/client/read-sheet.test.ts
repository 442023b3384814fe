import { utils, write, type WorkSheet } from "xlsx";
import { describe, expect, it } from "vitest";
import { defaultReadLimits } from "../../../src/lib/xlsx/limits";
import { readSheetRows, writeSheet } from "../../../src/lib/xlsx/read-sheet";

/**
 * The sheet worker's own parsing, called directly (no Worker) on files written with xlsx here. The
 * client project runs in jsdom, whose setup needs `window`; nothing here touches the DOM.
 */
const limits = { ...defaultReadLimits, maxRows: 150 };

function xlsxOf(rows: unknown[][], edit?: (sheet: WorkSheet) => void, bookType: "xlsx" | "biff8" = "xlsx"): ArrayBuffer {
  const sheet = utils.aoa_to_sheet(rows);
  edit?.(sheet);
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, "学生");
  utils.book_append_sheet(book, utils.aoa_to_sheet([["第二个表"], ["不读"]]), "其他");
  return write(book, { type: "array", bookType }) as ArrayBuffer;
}

const dataRows = (n: number) => Array.from({ length: n }, (_, i) => [`学生${i + 1}`, "123456", String(13700000000 + i)]);

describe("reading the first sheet of a spreadsheet", () => {
  it("gives the header apart and every data row as text, phones and numeric passwords in full digits", () => {
    const file = xlsxOf([
      ["姓名", "密码", "手机号", "备注"],
      ["张三", 123456, 13800000000, "一班"],
      ["李四", "abc123", "13900000001"],
    ]);
    const sheet = readSheetRows(file, "students.xlsx", limits);
    expect(sheet.header).toEqual(["姓名", "密码", "手机号", "备注"]);
    expect(sheet.rows).toEqual([
      ["张三", "123456", "13800000000", "一班"],
      ["李四", "abc123", "13900000001"],
    ]);
    expect(sheet.truncated).toBe(false);
  });

  it("reads the old binary .xls format the same way", () => {
    const sheet = readSheetRows(xlsxOf([["姓名", "密码", "手机号"], ["王五", 888888, 13800000002]], undefined, "biff8"), "old.xls", limits);
    expect(sheet.rows).toEqual([["王五", "888888", "13800000002"]]);
  });

  it("skips blank rows, trims cells and drops control characters", () => {
    const sheet = readSheetRows(xlsxOf([["姓名", "密码", "手机号"], [], ["  赵六 ", "a\u0000b", "13800000003\t"], ["", "", ""]]), "a.xlsx", limits);
    expect(sheet.rows).toEqual([["赵六", "a b", "13800000003"]]);
  });

  it("keeps at most the caller's number of data rows and says it cut the rest", () => {
    const over = readSheetRows(xlsxOf([["姓名", "密码", "手机号"], ...dataRows(160)]), "a.xlsx", limits);
    expect(over.rows).toHaveLength(150);
    expect(over.rows[149][0]).toBe("学生150");
    expect(over.truncated).toBe(true);

    const exact = readSheetRows(xlsxOf([["姓名", "密码", "手机号"], ...dataRows(150)]), "a.xlsx", limits);
    expect(exact.rows).toHaveLength(150);
    expect(exact.truncated).toBe(false);

    const courseCap = readSheetRows(xlsxOf([["姓名", "手机号"], ...dataRows(520)]), "a.xlsx", { ...limits, maxRows: 500 });
    expect(courseCap.rows).toHaveLength(500);
    expect(courseCap.truncated).toBe(true);
  });

  it("refuses a file over the size cap before parsing it", () => {
    const big = new Uint8Array(defaultReadLimits.maxBytes + 1);
    expect(() => readSheetRows(big, "big.xlsx", limits)).toThrow("文件不能超过2MB，请重新选择");
    expect(() => readSheetRows(xlsxOf([["a"], ["b"]]), "a.xlsx", { ...limits, maxBytes: 100 })).toThrow("文件不能超过1KB");
  });

  it("reads the cells that exist, not the million rows a crafted range claims", () => {
    const file = xlsxOf([["姓名"], ["张三"]], (sheet) => {
      sheet["!ref"] = "A1:A1048576";
    });
    // Walking the claimed range would take seconds per call; the test's own time-out catches that,
    // where a time assertion here would fail on a busy machine.
    const sheet = readSheetRows(file, "a.xlsx", limits);
    expect(sheet).toEqual({ header: ["姓名"], rows: [["张三"]], truncated: false });
  });

  it("caps columns and cell length, and returns only plain arrays of strings", () => {
    const wide = Array.from({ length: 30 }, (_, i) => `列${i}`);
    const sheet = readSheetRows(xlsxOf([wide, ["__proto__", "x".repeat(900), "constructor"]]), "a.xlsx", limits);
    expect(sheet.header).toHaveLength(20);
    expect(sheet.rows[0]).toEqual(["__proto__", "x".repeat(500), "constructor"]);
    expect(Object.getPrototypeOf(sheet.rows[0])).toBe(Array.prototype);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it("reads a UTF-8 CSV, with a byte-order mark or without one, Chinese names intact", () => {
    const text = "姓名,密码,手机号\n张三丰,001234,13800000000\n欧阳娜娜,abc123,13900000001\n";
    const rows = [
      ["张三丰", "001234", "13800000000"],
      ["欧阳娜娜", "abc123", "13900000001"],
    ];
    expect(readSheetRows(new TextEncoder().encode(`\ufeff${text}`), "a.csv", limits)).toEqual({ header: ["姓名", "密码", "手机号"], rows, truncated: false });
    // Without the mark SheetJS alone takes the bytes for a single-byte code page and garbles every name.
    expect(readSheetRows(new TextEncoder().encode(text), "a.csv", limits)).toEqual({ header: ["姓名", "密码", "手机号"], rows, truncated: false });
  });

  it("reads a GBK CSV, as Excel saves one on Chinese Windows", () => {
    // The GBK bytes of each Chinese cell ("姓名".encode("gbk") in Python); the rest is ASCII.
    const gbk: Record<string, string> = { 姓名: "d0d5c3fb", 密码: "c3dcc2eb", 手机号: "cad6bbfabac5", 张三丰: "d5c5c8fdb7e1", 欧阳娜娜: "c5b7d1f4c4c8c4c8" };
    const cellBytes = (cell: string) => (gbk[cell] ? Uint8Array.from(gbk[cell].match(/../g)!, (h) => parseInt(h, 16)) : new TextEncoder().encode(cell));
    const csv = (lines: string[][]) =>
      new Uint8Array(lines.flatMap((line) => [...line.flatMap((cell, i) => [...(i ? [0x2c] : []), ...cellBytes(cell)]), 0x0d, 0x0a]));
    const sheet = readSheetRows(csv([["姓名", "密码", "手机号"], ["张三丰", "1", "13800000000"], ["欧阳娜娜", "abc123", "13900000001"]]), "a.CSV", limits);
    expect(sheet).toEqual({
      header: ["姓名", "密码", "手机号"],
      rows: [
        ["张三丰", "1", "13800000000"],
        ["欧阳娜娜", "abc123", "13900000001"],
      ],
      truncated: false,
    });
  });

  it("says a broken workbook cannot be read", () => {
    expect(() => readSheetRows(new TextEncoder().encode("PK\u0003\u0004broken"), "a.xlsx", limits)).toThrow("文件解析失败，请检查文件内容");
  });

  it("writes the template that it reads back", () => {
    const sheet = readSheetRows(writeSheet([["姓名", "密码", "手机号", "备注"]], "学生"), "模板.xlsx", limits);
    expect(sheet).toEqual({ header: ["姓名", "密码", "手机号", "备注"], rows: [], truncated: false });
  });
});
