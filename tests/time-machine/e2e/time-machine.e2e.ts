import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomRoutes } from "../../../resources/rooms/rooms";
import { timeMachinePage } from "../../../resources/time-machine/page";
import { timeMachineApi, timelineSettings } from "../../../resources/time-machine/time-machine";
import { chromiumOptions, startServer } from "../../../scripts/lib/server-process.mjs";
import { axeFindings, contextOptions, screenshot, signInAs, signInAsAdmin } from "../../kernel/e2e/browser";
import { freshDatabase } from "../../kernel/server/helpers";
import { freshLive } from "../../rooms/e2e/rooms-support";

/**
 * The time machine end to end (issue 20 item 5): the demo teacher publishes Chromium's fake camera
 * from the built-in room of a large class; the room sends frames of it (every 2 s here, FOOTMARK_SECONDS,
 * instead of a minute), and the admin's /teaTimeMachine shows them in its slots. Its own server, so
 * the period can be set; one browser with the fake camera and no permission prompt.
 */

let db: Awaited<ReturnType<typeof freshDatabase>>;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;

beforeAll(async () => {
  db = await freshDatabase();
  [server, browser] = await Promise.all([
    startServer({ dataDir: db.dataDir, databaseUrl: db.url ?? "", env: { FOOTMARK_SECONDS: "2" } }),
    chromium.launch({ ...chromiumOptions, args: [...chromiumOptions.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] }),
  ]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await db?.drop();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions, baseURL: server.baseURL });
  const page = await context.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return page;
}

describe("the teacher's time machine", () => {
  it("keeps frames of the teacher's stream from the built-in room and shows them in /teaTimeMachine's slots", async () => {
    const admin = await newPage();
    await signInAsAdmin(admin);
    const live = await freshLive(admin, `时光机${Date.now() % 100000}`, 1);

    const teacherPage = await newPage();
    await signInAs(teacherPage, "13800000001");
    await teacherPage.goto(`${roomRoutes.teacher}?mid=${live.liveId}&gid=${live.orgId}`);
    const teacher = teacherPage.frameLocator('iframe[title="直播间"]');
    await teacher.getByRole("heading", { level: 1 }).waitFor({ timeout: 20_000 });
    await teacher.getByRole("button", { name: "开启摄像头" }).click();
    await expect.poll(() => teacher.getByRole("status", { name: "推流状态" }).innerText(), { timeout: 20_000 }).toBe("直播中");

    // The frames the room sent, as the page's call answers them.
    const frames = async () => {
      const res = await admin.request.get(`${timeMachineApi.footmark.path}?liveid=${live.liveId}`);
      return ((await res.json()) as { data: { timesort: number[] } }).data.timesort.length;
    };
    await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);

    await admin.goto(`${timeMachinePage.route}?liveId=${live.liveId}`);
    const timeline = admin.getByRole("list", { name: /截图时间线/ });
    await expect.poll(() => timeline.getByRole("listitem").count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(timelineSettings.slots);
    const first = timeline.getByRole("img", { name: /^直播截图 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/ }).first();
    await first.waitFor({ timeout: 20_000 });
    // The frame's bytes arrived and decode as a picture of the camera (Chromium's fake one is 640 wide).
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await admin.getByRole("status").filter({ hasText: /^共 \d+ 张截图$/ }).count()).toBe(1);
    await screenshot(admin, "time-machine");
    expect(await axeFindings(admin)).toEqual([]);

    // The room goes on sending while on air, a period (2 s here) apart.
    const before = await frames();
    await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThan(before);
    await teacher.getByRole("button", { name: "暂停推流" }).click();
  });
});
