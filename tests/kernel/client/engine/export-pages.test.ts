import { afterEach, describe, expect, it, vi } from "vitest";
import { read, utils } from "xlsx";
import type { BaseRecord } from "@refinedev/core";
import type { ColumnDecl } from "../../../../resources/kernel/define";
import { pagedSheet } from "../../../../src/engine/export-pages";
import { openSheet, sheetCancelledText } from "../../../../src/lib/xlsx/build-sheet";
import { PlainSheet, plainXlsx } from "../../../../src/lib/xlsx/plain-xlsx";
import type { SheetJob, SheetReply } from "../../../../src/lib/xlsx/protocol";
import { FakeWorker } from "../../../users/client/sheet-worker-support";

/**
 * Issue 20 (100,000 rows of listening data to xlsx in under 10 s, no task of the page over 100 ms):
 * an export reads its pages ahead of shaping them, by key where the list pages after a row, and
 * the sheet worker writes each batch as it comes.
 */

const columns: ColumnDecl[] = [
  { field: "name", title: "用户名" },
  { field: "seconds", title: "在线时长", format: "duration" },
];

const collect = async (batches: AsyncIterable<string[][]>) => {
  const rows: string[][] = [];
  for await (const batch of batches) rows.push(...batch);
  return rows;
};

const sheetRows = (bytes: ArrayBuffer) => {
  const book = read(new Uint8Array(bytes));
  return utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: "", raw: false });
};

describe("an export's pages (pagedSheet)", () => {
  const people = Array.from({ length: 7 }, (_, i): BaseRecord => ({ id: i + 1, name: `观众${i + 1}`, seconds: 61 }));

  it("reads after the last row of each page where the list pages by key, shapes the rows as the table shows them, and stops at the limit", async () => {
    const asked: [number, unknown][] = [];
    const page = vi.fn(async (n: number, after: BaseRecord | undefined) => {
      asked.push([n, after?.id]);
      const from = after ? Number(after.id) : 0;
      return people.slice(from, from + 3);
    });
    const source = pagedSheet({ columns, limit: 5, page, keyset: true });
    expect(source.total).toBe(5);
    const rows = await collect(source.batches);
    expect(rows).toEqual([["用户名", "在线时长"], ...people.slice(0, 5).map((p) => [p.name, "1分1秒"])]);
    expect(asked).toEqual([
      [1, undefined],
      [2, 3],
    ]);
  });

  it("asks for the next page before this one is shaped, by number where the list has no key, and ends on an empty page", async () => {
    const asked: [number, unknown][] = [];
    const page = async (n: number, after: BaseRecord | undefined) => {
      asked.push([n, after]);
      return n <= 2 ? people.slice((n - 1) * 3, n * 3) : [];
    };
    // How many pages had been asked for as each batch came: the header, page 1's rows, page 2's.
    const askedAtBatch: number[] = [];
    let rows = 0;
    for await (const batch of pagedSheet({ columns, limit: 100, page }).batches) {
      askedAtBatch.push(asked.length);
      rows += batch.length;
    }
    expect(rows).toBe(7);
    expect(askedAtBatch).toEqual([0, 2, 3]);
    expect(asked).toEqual([
      [1, undefined],
      [2, undefined],
      [3, undefined],
    ]);
  });

  it("writes the rows at hand (those chosen) without reading any", async () => {
    const page = vi.fn(async () => people);
    const rows = await collect(pagedSheet({ columns, limit: 2, rows: people.slice(0, 2), page }).batches);
    expect(rows.slice(1)).toEqual([
      ["观众1", "1分1秒"],
      ["观众2", "1分1秒"],
    ]);
    expect(page).not.toHaveBeenCalled();
  });
});

describe("a sheet written as its rows come (PlainSheet)", () => {
  it("is the same sheet as the rows given at once, whatever the batches", async () => {
    const rows = [["用户名", "IP"], ...Array.from({ length: 12_345 }, (_, i) => [`观众<${i}>`, `10.0.0.${i % 255}`])];
    const sheet = new PlainSheet("直播明细");
    for (let start = 0; start < rows.length; start += 4_000) sheet.add(rows.slice(start, start + 4_000));
    expect(sheet.rows).toBe(rows.length);
    const streamed = sheetRows(await sheet.finish());
    expect(streamed).toEqual(sheetRows(await plainXlsx(rows, "直播明细")));
    expect(streamed).toHaveLength(rows.length);
    expect(streamed.at(-1)).toEqual(["观众<12344>", "10.0.0.104"]);
  });
});

describe("the sheet worker's streamed write", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeWorker.made = [];
  });

  it("opens a sheet, takes each batch in order, and answers the file at the end", async () => {
    const replies: SheetReply[] = [];
    const scope: { onmessage: ((event: { data: SheetJob }) => Promise<void>) | null; postMessage: (reply: SheetReply) => void } = { onmessage: null, postMessage: (reply) => replies.push(reply) };
    vi.stubGlobal("self", scope);
    vi.resetModules();
    await import("../../../../src/lib/xlsx/sheet-worker");
    const packed = (rows: string[][]) => new TextEncoder().encode(JSON.stringify(rows)).buffer as ArrayBuffer;
    // Posted one after another without waiting, as the page does: the worker keeps their order.
    const posted = [
      scope.onmessage!({ data: { kind: "open", sheetName: "直播明细" } }),
      scope.onmessage!({ data: { kind: "rows", packed: packed([["用户名"], ["甲"]]) } }),
      scope.onmessage!({ data: { kind: "rows", packed: packed([["乙"], ["丙"]]) } }),
      scope.onmessage!({ data: { kind: "end" } }),
    ];
    await Promise.all(posted);
    expect(replies.filter((r) => r.ok && r.kind === "progress")).toEqual([
      { ok: true, kind: "progress", written: 2, total: 0 },
      { ok: true, kind: "progress", written: 4, total: 0 },
    ]);
    const last = replies.at(-1) as { ok: true; kind: "write"; bytes: ArrayBuffer };
    expect(sheetRows(last.bytes)).toEqual([["用户名"], ["甲"], ["乙"], ["丙"]]);
  });

  it("hands each batch over (transferred), times the worker only from the end, and is cancelled by its signal", async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal("Worker", FakeWorker);
      const jobs: SheetJob[] = [];
      FakeWorker.script = (job) => void jobs.push(job);
      const cancel = new AbortController();
      const writer = openSheet("直播明细", { signal: cancel.signal });
      await Promise.all([writer.add([["用户名"], ["甲"]]), vi.advanceTimersByTimeAsync(10)]);
      // Reading the next page may take longer than the worker's time-out: no time-out yet.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(FakeWorker.made[0].terminated).toBe(false);
      expect(jobs.map((j) => j.kind)).toEqual(["open", "rows"]);
      const finishing = writer.finish();
      const failed = expect(finishing).rejects.toThrow(sheetCancelledText);
      cancel.abort();
      await failed;
      expect(FakeWorker.made[0].terminated).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
