import { afterEach, describe, expect, it, vi } from "vitest";
import { read, utils, type CellObject } from "xlsx";
import { buildSheet, sheetCancelledText } from "../../../src/lib/xlsx/build-sheet";
import { writeSheet } from "../../../src/lib/xlsx/read-sheet";
import { FakeWorker, runInSheetWorker } from "./sheet-worker-support";

/**
 * Issue 16 item 4.5: an export of 50,000 rows showed only 正在导出 on its button, with no way to
 * stop it; and the import templates left every cell General, so Excel turned a typed 0012345 into
 * 12345. The sheet worker now says how many rows it has written, the page can cancel it (the
 * worker is terminated), and a template formats its mobile and password columns as text.
 */

const cellAt = (sheet: Record<string, unknown>, r: number, c: number) => sheet[utils.encode_cell({ r, c })] as CellObject | undefined;

describe("an import template", () => {
  it("formats the cells under the named columns as text, as far down as the import reads", () => {
    const bytes = writeSheet([["姓名", "密码", "手机号", "备注"]], "学生", { textColumns: [1, 2], textRows: 150 });
    const sheet = read(bytes, { type: "array", cellNF: true, sheetStubs: true }).Sheets["学生"];
    expect(cellAt(sheet, 0, 2)?.v).toBe("手机号");
    for (const r of [1, 75, 150]) {
      expect(cellAt(sheet, r, 1)?.z, `密码 row ${r + 1}`).toBe("@");
      expect(cellAt(sheet, r, 2)?.z, `手机号 row ${r + 1}`).toBe("@");
      expect(cellAt(sheet, r, 0)).toBeUndefined();
    }
    expect(cellAt(sheet, 151, 2)).toBeUndefined();
  });
});


describe("the sheet worker's write", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says how many rows it has written as it goes, then answers the file", async () => {
    const rows = [["用户名", "密码"], ...Array.from({ length: 12_000 }, (_, i) => [`观众${i}`, `p${i}`])];
    const replies = await runInSheetWorker({ kind: "write", rows, sheetName: "白名单" });
    const progress = replies.filter((reply) => reply.ok && reply.kind === "progress");
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.map((reply) => (reply as { written: number }).written)).toEqual([...progress.map((reply) => (reply as { written: number }).written)].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ ok: true, kind: "progress", written: 12_001, total: 12_001 });
    const last = replies.at(-1)!;
    expect(last.ok && last.kind).toBe("write");
    const sheet = read((last as { bytes: ArrayBuffer }).bytes, { type: "array" }).Sheets["白名单"];
    expect(utils.sheet_to_json<string[]>(sheet, { header: 1 })).toHaveLength(12_001);
  });
});



describe("buildSheet, the page's side", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it("passes the worker's progress on, and answers the file", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.script = (_job, worker) => {
      worker.reply({ ok: true, kind: "progress", written: 5_000, total: 10_001 });
      worker.reply({ ok: true, kind: "progress", written: 10_001, total: 10_001 });
      worker.reply({ ok: true, kind: "write", bytes: new ArrayBuffer(8) });
    };
    const onProgress = vi.fn();
    const blob = await buildSheet([["用户名", "密码"]], "白名单", { onProgress });
    expect(blob.size).toBe(8);
    expect(onProgress.mock.calls).toEqual([
      [5_000, 10_001],
      [10_001, 10_001],
    ]);
    expect(FakeWorker.made[0].terminated).toBe(true);
  });

  it("terminates the worker when cancelled, and rejects with 已取消", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.script = (_job, worker) => worker.reply({ ok: true, kind: "progress", written: 5_000, total: 50_001 });
    const cancel = new AbortController();
    const onProgress = vi.fn();
    const building = buildSheet([["用户名", "密码"]], "白名单", { onProgress, signal: cancel.signal });
    await vi.waitFor(() => expect(onProgress).toHaveBeenCalled());
    cancel.abort();
    await expect(building).rejects.toThrow(sheetCancelledText);
    expect(FakeWorker.made[0].terminated).toBe(true);
  });

  it("gives up only after a stretch with no progress", async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal("Worker", FakeWorker);
      FakeWorker.script = () => undefined;
      const building = buildSheet([["用户名", "密码"]], "白名单");
      const failed = expect(building).rejects.toThrow("生成文件超时");
      const worker = FakeWorker.made[0];
      for (let i = 0; i < 5; i++) {
        await vi.advanceTimersByTimeAsync(8_000);
        worker.onmessage?.({ data: { ok: true, kind: "progress", written: i, total: 10 } });
      }
      expect(worker.terminated).toBe(false);
      await vi.advanceTimersByTimeAsync(10_000);
      await failed;
      expect(worker.terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
