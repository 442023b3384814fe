import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { FreshLive } from "../../rooms/e2e/rooms-support";

/**
 * The live monitor's screens as an administrator walks them while a live runs, shared by the
 * monitor's own path and the whole path around a live (tests/lives/e2e/around-a-live.e2e.ts).
 */

/**
 * /liveMonitor (two hours either side, 50 a page: the live begun a minute ago is on the first page)
 * shows the live with `people` in its room; its row's 学生在线状态 opens the live's /userLiveStatus.
 */
export async function monitorToStudents(admin: Page, live: FreshLive, title: string, people: number) {
  await admin.goto("/liveMonitor?ts=7200&pageSize=50");
  const row = admin.getByRole("row", { name: new RegExp(title) });
  await expect.poll(() => row.locator("td").nth(4).innerText(), { timeout: 30_000 }).toBe(String(people));
  await row.getByRole("link", { name: "学生在线状态" }).or(row.getByRole("button", { name: "学生在线状态" })).click();
  await admin.waitForURL(new RegExp(`/userLiveStatus\\?liveId=${live.liveId}&courseId=${live.courseId}`));
  await admin.getByText(`学生在线状态 - ${title}`).waitFor();
}

/** /userLiveStatus of the live, opened by its address (as the live rows' and the monitor's links give it), titled with the live's title. */
export async function openStudents(admin: Page, live: FreshLive, title: string) {
  await admin.goto(`/userLiveStatus?liveId=${live.liveId}&courseId=${live.courseId}`);
  await admin.getByText(`学生在线状态 - ${title}`).waitFor();
}

/** /userLiveStatus's totals: 学生总数, 在线人数, 分享观看人数. */
export const statusSummary = (admin: Page) => admin.getByRole("group", { name: "汇总" });

/** A student's row on /userLiveStatus, by name or mobile. */
export const studentRow = (admin: Page, who: string) => admin.getByRole("row", { name: new RegExp(who) });
