import { readFileSync } from "node:fs";
import type { FrameLocator, Page } from "playwright-core";
import { read, utils } from "xlsx";
import { afterAll, describe, expect, it } from "vitest";
import { hostPrefixes } from "../../../server/config";
import { liveStatsApi, type ViewerLogRow } from "../../../resources/live-stats/live-stats-api";
import { roomRouteFor, roomRoutes } from "../../../resources/rooms/rooms";
import { api, baseURL, closeBrowser, contextOptions, newPage, phone, screenshot, signInAs, signInAsAdmin } from "../../kernel/e2e/browser";
import { freshLive, type FreshLive } from "../../rooms/e2e/rooms-support";

afterAll(closeBrowser);

const iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/** A signed-in person's room for the live, as the portal opens it. */
async function enter(page: Page, mobile: string, route: string, live: FreshLive): Promise<FrameLocator> {
  await signInAs(page, mobile);
  await page.goto(`${route}?mid=${live.liveId}&gid=${live.orgId}`);
  const room = page.frameLocator('iframe[title="直播间"]');
  await room.getByRole("heading", { level: 1 }).waitFor({ timeout: 20_000 });
  return room;
}

/**
 * A live's statistics and listening data over real room entries (issue 20 items 6 and 7): the
 * teacher in a desktop browser and a student on an iPhone enter the room; /liveStat counts one PC
 * and one iOS viewer and draws two people at once; the listening data exports its viewer log to
 * an xlsx whose rows are the log's.
 */
describe("live statistics and listening data", () => {
  it("shows the room's devices and concurrency, and exports the viewer log as the table shows it", async () => {
    const admin = await newPage();
    admin.setDefaultTimeout(30_000);
    await signInAsAdmin(admin);
    const live = await freshLive(admin, "统计测试直播", 1);

    const teacher = await newPage();
    await enter(teacher, "13800000001", roomRoutes.teacher, live);
    const browser = teacher.context().browser()!;
    const phoneContext = await browser.newContext({ ...contextOptions, ...phone, userAgent: iPhone, baseURL: baseURL() });
    const student = await phoneContext.newPage();
    const room = await enter(student, "13800000003", roomRouteFor("student", 1), live);
    await room.getByRole("list", { name: "在线成员" }).getByText("李老师").waitFor();
    await phoneContext.close();

    await admin.goto(`/liveStat?liveId=${live.liveId}&courseId=${live.courseId}`);
    const figures = admin.locator(".ant-statistic");
    await expect.poll(() => figures.first().innerText()).toMatch(/用户数\s*2/);
    expect(await figures.nth(1).innerText()).toMatch(/独立IP数\s*1/);
    await admin.locator('[aria-label="设备分布图表"][data-chart-state="drawn"]').waitFor();
    await admin.locator('[aria-label="并发人数图表"][data-chart-state="drawn"]').waitFor();
    await admin.getByLabel("设备分布图表的数据表").first().click();
    const pie = admin.getByRole("region", { name: "设备分布图表的数据表" });
    await expect.poll(() => pie.locator("tbody tr").allInnerTexts()).toEqual(["PC\t1", "iOS\t1"]);
    await admin.getByLabel("并发人数图表的数据表").first().click();
    const line = admin.getByRole("region", { name: "并发人数图表的数据表" }).locator("tbody td");
    await expect.poll(async () => Math.max(0, ...(await line.allInnerTexts()).map(Number))).toBe(2);
    await screenshot(admin, "live-stat");

    await admin.goto(`/exportLiveUserDataShowData?liveId=${live.liveId}&title=${encodeURIComponent("统计测试直播")}`);
    const rows = admin.locator(".ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rows.count()).toBe(2);
    await screenshot(admin, "listening-data");
    const log = await api<{ resultset: ViewerLogRow[] }>(admin, `${hostPrefixes.liveValidator}${liveStatsApi.liveData.path}?liveid=${live.liveId}&limit=100`);
    const expected = log.resultset.map((r) => [r.username, r.intime, r.outtime || "-", r.device === "ios" ? "iOS" : "PC", r.ip, String(r.userid)]);

    const all = admin.waitForEvent("download");
    await admin.getByRole("button", { name: "导出全部" }).click();
    const file = read(readFileSync((await (await all).path())!));
    const sheet = utils.sheet_to_json<string[]>(file.Sheets[file.SheetNames[0]], { header: 1, defval: "", raw: false });
    expect(sheet[0]).toEqual(["用户名", "进入时间", "离开时间", "在线时长", "设备类型", "IP", "用户ID", "自定义参数"]);
    expect(sheet.slice(1).map((r) => [r[0], r[1], r[2], r[4], r[5], String(r[6])])).toEqual(expected);

    // Fewer columns, one row chosen: the file is that row's chosen cells.
    await admin.getByRole("button", { name: "列设置" }).click();
    await admin.locator(".ant-popover").getByRole("checkbox", { name: "自定义参数" }).uncheck();
    await admin.locator(".ant-popover").getByRole("checkbox", { name: "在线时长" }).uncheck();
    await admin.getByRole("button", { name: "列设置" }).click();
    await admin.locator(".ant-popover").waitFor({ state: "hidden" });
    await rows.nth(1).getByRole("checkbox").check();
    const chosen = admin.waitForEvent("download");
    await admin.getByRole("button", { name: "导出所选（1）" }).click();
    const one = read(readFileSync((await (await chosen).path())!));
    const oneSheet = utils.sheet_to_json<string[]>(one.Sheets[one.SheetNames[0]], { header: 1, defval: "", raw: false });
    expect(oneSheet).toEqual([
      ["用户名", "进入时间", "离开时间", "设备类型", "IP", "用户ID"],
      [expected[1][0], expected[1][1], expected[1][2], expected[1][3], expected[1][4], expected[1][5]],
    ]);

    // The attendance tab: the student came after the start, for a moment of an hour's live.
    await admin.getByRole("tab", { name: "直播考勤" }).click();
    await expect.poll(() => rows.first().innerText()).toContain("赵同学");
    expect(await rows.first().innerText()).toContain("缺勤");
    await screenshot(admin, "listening-data-attendance");
  }, 180_000);
});
