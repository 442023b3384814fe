import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { read, utils } from "xlsx";
import { expect } from "vitest";
import type { FreshLive } from "../../rooms/e2e/rooms-support";

/**
 * A live's statistics and listening data as the admin reads them, shared by the statistics path
 * and the whole path around a live (tests/lives/e2e/around-a-live.e2e.ts).
 */

/** The listening data's columns as exported (2 §3 viewer log). */
export const viewerLogHeader = ["用户名", "进入时间", "离开时间", "在线时长", "设备类型", "IP", "用户ID", "自定义参数"];

/**
 * /liveStat?liveId&courseId shows `users` viewers from `ips` addresses, the device pie's data table
 * as `devices` (its rows, "PC\t1"), and the concurrency line reaching `peak` people at once.
 */
export async function liveStatShows(admin: Page, live: FreshLive, expected: { users: number; ips: number; devices: string[]; peak: number }) {
  await admin.goto(`/liveStat?liveId=${live.liveId}&courseId=${live.courseId}`);
  const figures = admin.locator(".ant-statistic");
  await expect.poll(() => figures.first().innerText()).toMatch(new RegExp(`用户数\\s*${expected.users}(?!\\d)`));
  expect(await figures.nth(1).innerText()).toMatch(new RegExp(`独立IP数\\s*${expected.ips}(?!\\d)`));
  await admin.locator('[aria-label="设备分布图表"][data-chart-state="drawn"]').waitFor();
  await admin.locator('[aria-label="并发人数图表"][data-chart-state="drawn"]').waitFor();
  await admin.getByLabel("设备分布图表的数据表").first().click();
  const pie = admin.getByRole("region", { name: "设备分布图表的数据表" });
  await expect.poll(() => pie.locator("tbody tr").allInnerTexts()).toEqual(expected.devices);
  await admin.getByLabel("并发人数图表的数据表").first().click();
  const line = admin.getByRole("region", { name: "并发人数图表的数据表" }).locator("tbody td");
  await expect.poll(async () => Math.max(0, ...(await line.allInnerTexts()).map(Number))).toBe(expected.peak);
}

/** The rows of the active tab of /exportLiveUserDataShowData. */
export const dataRows = (admin: Page) => admin.locator(".ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row");

/** Clicks an export button of the listening data and reads the file it downloads: its first sheet's rows as shown (header first). */
export async function exportedSheet(admin: Page, button: string): Promise<string[][]> {
  const download = admin.waitForEvent("download");
  await admin.getByRole("button", { name: button }).click();
  const file = read(readFileSync((await (await download).path())!));
  return utils.sheet_to_json<string[]>(file.Sheets[file.SheetNames[0]], { header: 1, defval: "", raw: false });
}

/**
 * 列设置 leaves out 自定义参数 and 在线时长; with the row at `index` checked, 导出所选（1） writes the
 * chosen columns and that row's cells alone, `row` being [用户名, 进入时间, 离开时间, 设备类型, IP, 用户ID].
 */
export async function exportChosenRow(admin: Page, index: number, row: string[]) {
  await admin.getByRole("button", { name: "列设置" }).click();
  await admin.locator(".ant-popover").getByRole("checkbox", { name: "自定义参数" }).uncheck();
  await admin.locator(".ant-popover").getByRole("checkbox", { name: "在线时长" }).uncheck();
  await admin.getByRole("button", { name: "列设置" }).click();
  await admin.locator(".ant-popover").waitFor({ state: "hidden" });
  await dataRows(admin).nth(index).getByRole("checkbox").check();
  expect(await exportedSheet(admin, "导出所选（1）")).toEqual([["用户名", "进入时间", "离开时间", "设备类型", "IP", "用户ID"], row]);
}

/** The 直播考勤 tab lists the live's students, `names`, each absent (缺勤): they came after the start, for a moment of an hour's live. */
export async function absentOnAttendance(admin: Page, names: string[]) {
  await admin.getByRole("tab", { name: "直播考勤" }).click();
  const rows = dataRows(admin);
  await expect.poll(async () => (await rows.allInnerTexts()).map((text) => names.find((name) => text.includes(name)) ?? text).sort()).toEqual([...names].sort());
  for (const text of await rows.allInnerTexts()) expect(text).toContain("缺勤");
}
