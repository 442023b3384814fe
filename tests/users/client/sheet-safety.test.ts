import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CFB, utils, version, write } from "xlsx";
import { defaultReadLimits } from "../../../src/lib/xlsx/limits";
import { runInSheetWorker } from "./sheet-worker-support";

/**
 * Issue 8, finding 11: the import parses files strangers made. SheetJS from npm (0.18.5) let a
 * crafted file write to Object.prototype (CVE-2023-30533) and had a ReDoS (CVE-2024-22363); the
 * project takes 0.20.3 through the npm alias `xlsx: npm:@e965/xlsx@0.20.3`.
 */
describe("the spreadsheet library", () => {
  it("is SheetJS 0.20.3, the release with both fixes", () => {
    expect(version).toBe("0.20.3");
    // What npm installed under the name `xlsx` (its package.json is not among the package's exports).
    const installed = JSON.parse(fs.readFileSync(path.resolve("node_modules/xlsx/package.json"), "utf8"));
    expect(installed).toMatchObject({ name: "@e965/xlsx", version: "0.20.3" });
  });
});

interface ZipEntry {
  name: string;
  content: Uint8Array;
}

/**
 * An .xlsx whose cell comment is anchored at "__proto__" instead of a cell, the way the
 * CVE-2023-30533 files are made: 0.18.5 looks the anchor up as a key of the sheet object, finds
 * Object.prototype there and puts the comment list on it (`({}).c` became an array; checked with
 * 0.18.5 from the registry when this test was written).
 */
function commentAnchoredAtProto(): ArrayBuffer {
  const sheet = utils.aoa_to_sheet([["姓名", "手机号"], ["张三", "13800000000"]]);
  sheet.A1.c = [{ a: "x", t: "批注" }];
  const book = utils.book_new();
  utils.book_append_sheet(book, sheet, "学生");
  const zip = CFB.read(new Uint8Array(write(book, { type: "array", bookType: "xlsx" })), { type: "array" });
  const comments = (zip.FileIndex as ZipEntry[]).find((e) => /^comments\d*\.xml$/.test(e.name))!;
  const crafted = new TextDecoder().decode(comments.content).replace('ref="A1"', 'ref="__proto__"');
  expect(crafted).toContain('ref="__proto__"');
  comments.content = new TextEncoder().encode(crafted);
  return new Uint8Array(CFB.write(zip, { fileType: "zip", type: "array" })).buffer;
}


describe("a crafted prototype-pollution sheet in the import worker", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is read as a sheet, and Object.prototype stays clean", async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const [reply] = await runInSheetWorker({ kind: "read", bytes: commentAnchoredAtProto(), fileName: "students.xlsx", limits: { ...defaultReadLimits, maxRows: 150 } });
    expect(reply).toEqual({ ok: true, kind: "read", sheet: { header: ["姓名", "手机号"], rows: [["张三", "13800000000"]], truncated: false } });
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).c).toBeUndefined();
  });
});
