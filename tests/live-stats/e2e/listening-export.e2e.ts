import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { inject } from "vitest";
import { read, utils } from "xlsx";
import { afterAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { openDb } from "../../../server/db/database";
import { hostPrefixes } from "../../../server/config";
import { keysetPageSize, liveStatsApi } from "../../../resources/live-stats/live-stats-api";
import { BulkInsert } from "../../../server/seed/bulk-insert";
import { closeBrowser, newPage, signInAsAdmin } from "../../kernel/e2e/browser";
import { freshLive } from "../../rooms/e2e/rooms-support";

afterAll(closeBrowser);

const ROWS = 100_000;

/**
 * The listening data's budget (issue 20, performance): 100,000 rows of a live's viewer log exported
 * to xlsx in under 10 s in the browser, no task on the page's main thread over 100 ms. The rows are
 * written straight into the server's database; the clock runs from the click to the file, and the
 * reading (the server's part measured alone too) and the writing are told apart.
 */
describe("exporting 100,000 rows of listening data", () => {
  it("writes every row to one xlsx, and says how long it took and what it cost the page", async () => {
    const admin = await newPage();
    admin.setDefaultTimeout(60_000);
    await signInAsAdmin(admin);
    const live = await freshLive(admin, "导出性能直播", 1);
    const db = openDb({ databaseUrl: inject("databaseUrl") || null, dataDir: inject("dataDir") });
    try {
      const columns = [
        ["org_id", "integer"], ["live_id", "integer"], ["identity_id", "integer"], ["viewer_key", "text"], ["username", "text"], ["role", "text"],
        ["play_type", "integer"], ["device", "text"], ["ip", "text"], ["exparam", "text"], ["node", "text"], ["conn", "text"],
        ["entered_at", "bigint"], ["left_at", "bigint"], ["seen_at", "bigint"], ["duration_seconds", "integer"],
      ] as const;
      const bulk = new BulkInsert(db.kysely as unknown as Kysely<unknown>, db.dialect, "room_visits", columns.map(([n, t]) => [n, t]));
      const start = Date.now() - 3_600_000;
      const devices = ["pc", "android", "ios", "ipad", "h5"];
      for (let i = 0; i < ROWS; i++) {
        const from = start + i * 30;
        await bulk.add([live.orgId, live.liveId, null, `g-${i}`, `游客${i}`, "guest", 1, devices[i % 5], `10.0.${(i >> 8) & 255}.${i & 255}`, `k=${i}`, "bench", `bench-${i}`, from, from + 600_000, from + 600_000, 600]);
      }
      await bulk.flush();
    } finally {
      await db.close();
    }

    // The server's part alone: the reads the export makes (40 of 2500 rows), each after the last row of the one before.
    let served = Date.now();
    for (let page = 1, after = 0; page <= ROWS / keysetPageSize; page++) {
      const answer = await admin.request.get(`${hostPrefixes.liveValidator}${liveStatsApi.liveData.path}?liveid=${live.liveId}&limit=${keysetPageSize}${after ? `&after=${after}` : ""}`);
      const { content } = (await answer.json()) as { content: { resultset: { id: number }[] } };
      expect(content.resultset).toHaveLength(keysetPageSize);
      after = content.resultset.at(-1)!.id;
    }
    served = (Date.now() - served) / 1000;

    await admin.goto(`/exportLiveUserDataShowData?liveId=${live.liveId}&title=x`);
    await admin.getByText(`共 ${ROWS} 条`).waitFor();
    // Every task of the page's main thread over 50 ms from here on, and when the rows were all read (writing began).
    await admin.evaluate(() => {
      const w = window as unknown as { longTasks: number[]; writing: number };
      w.longTasks = [];
      w.writing = 0;
      new PerformanceObserver((list) => w.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: "longtask" });
      // textContent, not innerText: innerText lays the page out on every change, a cost of the measuring, not of the export.
      new MutationObserver(() => {
        if (!w.writing && [...document.querySelectorAll("[role=status]")].some((node) => node.textContent?.startsWith("已写入"))) w.writing = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const download = admin.waitForEvent("download", { timeout: 120_000 });
    const clicked = await admin.evaluate(() => performance.now());
    await admin.getByRole("button", { name: "导出全部" }).click();
    const file = await download;
    const { done, writing, longTasks } = await admin.evaluate(() => ({ done: performance.now(), ...(window as unknown as { longTasks: number[]; writing: number }) }));
    const seconds = (done - clicked) / 1000;
    // The whole file read back: the header, then every row once, in the order the viewers entered.
    const sheet = read(readFileSync((await file.path())!));
    const rows = utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1, defval: "", raw: false });
    expect(rows).toHaveLength(ROWS + 1);
    expect(rows[0]).toEqual(["用户名", "进入时间", "离开时间", "在线时长", "设备类型", "IP", "用户ID", "自定义参数"]);
    expect(rows[1].slice(0, 1)).toEqual(["游客0"]);
    expect(rows[ROWS]).toEqual([`游客${ROWS - 1}`, expect.any(String), expect.any(String), "10分0秒", "H5", `10.0.${((ROWS - 1) >> 8) & 255}.${(ROWS - 1) & 255}`, "0", `k=${ROWS - 1}`]);
    expect(new Set(rows.slice(1).map((row) => row[0])).size).toBe(ROWS);
    // The figures of the issue's budget (under 10 s, no task over 100 ms), measured and reported. The
    // time depends on what else runs on the machine, so it is logged, not asserted; the page's
    // tasks are asserted when the machine is not busy (a task's length stretches too where the
    // cores are shared), and only logged when it is.
    const load = loadavg()[0];
    console.log(
      `listening-data export of ${ROWS} rows: ${seconds.toFixed(2)} s from the click to the file (reading ${((writing - clicked) / 1000).toFixed(2)} s, of which the server's ${ROWS / keysetPageSize} reads alone take ${served.toFixed(2)} s; writing ${((done - writing) / 1000).toFixed(2)} s); main-thread tasks over 50 ms: ${longTasks.length ? longTasks.map((d) => Math.round(d)).join(", ") : "none"}; load average ${load.toFixed(2)} on ${cpus().length} cores`,
    );
    if (load < cpus().length) expect(Math.max(0, ...longTasks), "the longest task of the page's main thread, ms").toBeLessThanOrEqual(100);
    expect(file.suggestedFilename()).toMatch(/^直播明细-\d{8}\.xlsx$/);
  }, 180_000);
});
