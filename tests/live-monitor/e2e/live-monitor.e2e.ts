import { afterAll, describe, expect, it } from "vitest";
import { roomRoutes } from "../../../resources/rooms/rooms";
import { closeBrowser, newPage, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";
import { enrol, enterRoom, freshLive } from "../../rooms/e2e/rooms-support";
import { monitorToStudents, statusSummary, studentRow } from "./live-monitor-support";

afterAll(closeBrowser);

/**
 * The live monitor as an administrator uses it while a live runs (issue 20 items 3 and 4): two
 * students in the built-in room, /liveMonitor shows the live with 2 people, /userLiveStatus both
 * online, and one student leaving shows offline at the page's own 10 s refresh (waited on as seen).
 */
const secondStudent = "13730000001";

describe("the live monitor", () => {
  it("shows a running live's viewers and who of its students is online, and one leaving within the refresh", async () => {
    const admin = await newPage();
    admin.setDefaultTimeout(30_000);
    await signInAsAdmin(admin);
    const title = `监控测试${Date.now() % 100000}`;
    const live = await freshLive(admin, title, 1);
    // The second student joins the course through the course's own call.
    await enrol(admin, live, secondStudent);

    const first = await newPage();
    await enterRoom(first, "13800000003", roomRoutes.student, live);
    await enterRoom(await newPage(), secondStudent, roomRoutes.student, live);

    await monitorToStudents(admin, live, title, 2);
    await screenshot(admin, "live-monitor");
    const summary = statusSummary(admin);
    await expect.poll(() => summary.innerText()).toMatch(/学生总数\s*2[\s\S]*在线人数\s*2/);
    const zhao = studentRow(admin, "赵同学");
    await expect.poll(() => zhao.innerText()).toContain("在线");
    await expect.poll(() => studentRow(admin, secondStudent).innerText()).toContain("在线");
    await screenshot(admin, "user-live-status");

    // 赵同学 closes the room: the page shows it at its next refresh, without being reloaded.
    await first.context().close();
    await expect.poll(() => zhao.innerText(), { timeout: 15_000 }).toContain("离线");
    await expect.poll(() => summary.innerText(), { timeout: 15_000 }).toMatch(/在线人数\s*1/);
    await screenshot(admin, "user-live-status-left");
  }, 180_000);
});
