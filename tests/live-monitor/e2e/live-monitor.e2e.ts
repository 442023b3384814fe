import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, newPage, screenshot, signInAs, signInAsAdmin } from "../../kernel/e2e/browser";
import { freshLive, type FreshLive } from "../../rooms/e2e/rooms-support";

afterAll(closeBrowser);

/**
 * The live monitor as an administrator uses it while a live runs (issue 20 items 3 and 4): two
 * students in the built-in room, /liveMonitor shows the live with 2 people, /userLiveStatus both
 * online, and one student leaving shows offline at the page's own 10 s refresh (waited on as seen).
 */
const secondStudent = "13730000001";

/** A student's page in the live's room, as the portal opens it; waits for the framed room. */
async function inRoom(mobile: string, live: FreshLive): Promise<Page> {
  const page = await newPage();
  await signInAs(page, mobile);
  await page.goto(`/stuLiveRoom?mid=${live.liveId}&gid=${live.orgId}`);
  await page.frameLocator('iframe[title="直播间"]').getByRole("heading", { level: 1 }).waitFor({ timeout: 20_000 });
  return page;
}

describe("the live monitor", () => {
  it("shows a running live's viewers and who of its students is online, and one leaving within the refresh", async () => {
    const admin = await newPage();
    admin.setDefaultTimeout(30_000);
    await signInAsAdmin(admin);
    const title = `监控测试${Date.now() % 100000}`;
    const live = await freshLive(admin, title, 1);
    // The second student joins the course through the course's own call.
    const [student] = (await (await admin.request.get("/cms/studentsearch", { params: { key: secondStudent, page: "1", count: "1" } })).json()).data as { Id: number }[];
    expect((await (await admin.request.post("/cms/studentcourse", { data: { userid: student.Id, courseid: live.courseId } })).json()).code).toBe(0);

    const first = await inRoom("13800000003", live);
    await inRoom(secondStudent, live);

    // Two hours either side, 50 a page: the live begun a minute ago is on the first page.
    await admin.goto("/liveMonitor?ts=7200&pageSize=50");
    const row = admin.getByRole("row", { name: new RegExp(title) });
    await expect.poll(() => row.locator("td").nth(4).innerText(), { timeout: 30_000 }).toBe("2");
    await screenshot(admin, "live-monitor");

    await row.getByRole("link", { name: "学生在线状态" }).or(row.getByRole("button", { name: "学生在线状态" })).click();
    await admin.waitForURL(new RegExp(`/userLiveStatus\\?liveId=${live.liveId}&courseId=${live.courseId}`));
    await admin.getByText(`学生在线状态 - ${title}`).waitFor();
    const summary = admin.getByRole("group", { name: "汇总" });
    await expect.poll(() => summary.innerText()).toMatch(/学生总数\s*2[\s\S]*在线人数\s*2/);
    const zhao = admin.getByRole("row", { name: /赵同学/ });
    await expect.poll(() => zhao.innerText()).toContain("在线");
    await expect.poll(() => admin.getByRole("row", { name: new RegExp(secondStudent) }).innerText()).toContain("在线");
    await screenshot(admin, "user-live-status");

    // 赵同学 closes the room: the page shows it at its next refresh, without being reloaded.
    await first.context().close();
    await expect.poll(() => zhao.innerText(), { timeout: 15_000 }).toContain("离线");
    await expect.poll(() => summary.innerText(), { timeout: 15_000 }).toMatch(/在线人数\s*1/);
    await screenshot(admin, "user-live-status-left");
  }, 180_000);
});
