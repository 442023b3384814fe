import { afterEach, describe, expect, it, vi } from "vitest";
import { parseSheet } from "../../../src/lib/xlsx/parse-sheet";
import { FakeWorker } from "./sheet-worker-support";

/**
 * The page side of the sheet worker: size cap before anything is read, time-out, and a check of
 * whatever the worker answers. jsdom has no Worker, so a scripted one stands in.
 */


// jsdom's File has no arrayBuffer(); browsers' has.
const fileOf = (name: string, size = 10) =>
  Object.assign(new File([new Uint8Array(size)], name), { arrayBuffer: async () => new ArrayBuffer(size) });

describe("parseSheet", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it("refuses a file over 2 MB without starting a worker", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    await expect(parseSheet(fileOf("big.xlsx", 2 * 1024 * 1024 + 1), { maxRows: 150 })).rejects.toThrow("文件不能超过2MB，请重新选择");
    expect(FakeWorker.made).toHaveLength(0);
  });

  it("parses in a module worker with the caller's row cap and terminates it after the answer", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    let asked = 0;
    FakeWorker.script = (job, worker) => {
      if (job.kind === "read") asked = job.limits.maxRows;
      worker.reply({ ok: true, kind: "read", sheet: { header: ["姓名"], rows: [["张三"]], truncated: false } });
    };
    const sheet = await parseSheet(fileOf("a.xlsx"), { maxRows: 500 });
    expect(sheet).toEqual({ header: ["姓名"], rows: [["张三"]], truncated: false });
    expect(asked).toBe(500);
    expect(FakeWorker.made[0].options.type).toBe("module");
    expect(FakeWorker.made[0].url.pathname).toMatch(/sheet-worker\.ts$/);
    expect(FakeWorker.made[0].terminated).toBe(true);
  });

  it("times out, terminating the worker", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.script = () => undefined;
    await expect(parseSheet(fileOf("slow.xlsx"), { maxRows: 150, timeoutMs: 30 })).rejects.toThrow("文件解析超时");
    expect(FakeWorker.made[0].terminated).toBe(true);
  });

  it("passes on the worker's own message, and reports a crash as unreadable", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.script = (_job, worker) => worker.reply({ ok: false, error: "文件不能超过2MB，请重新选择" });
    await expect(parseSheet(fileOf("a.xlsx"), { maxRows: 150 })).rejects.toThrow("文件不能超过2MB");
    FakeWorker.script = (_job, worker) => setTimeout(() => worker.onerror?.({ preventDefault: () => undefined }), 0);
    await expect(parseSheet(fileOf("a.xlsx"), { maxRows: 150 })).rejects.toThrow("文件解析失败，请检查文件内容");
    expect(FakeWorker.made.every((worker) => worker.terminated)).toBe(true);
  });

  it("lets only plain strings through, within the row cap", async () => {
    vi.stubGlobal("Worker", FakeWorker);
    FakeWorker.script = (_job, worker) => worker.reply({ ok: true, kind: "read", sheet: { header: ["a"], rows: [["x", { toString: "y" }]] } });
    await expect(parseSheet(fileOf("a.xlsx"), { maxRows: 150 })).rejects.toThrow("文件解析失败");

    const rows = Array.from({ length: 200 }, (_, i) => [`学生${i}`]);
    FakeWorker.script = (_job, worker) => worker.reply({ ok: true, kind: "read", sheet: { header: ["姓名"], rows, truncated: false } });
    const sheet = await parseSheet(fileOf("a.xlsx"), { maxRows: 150 });
    expect(sheet.rows).toHaveLength(150);
    expect(sheet.truncated).toBe(true);
  });
});
