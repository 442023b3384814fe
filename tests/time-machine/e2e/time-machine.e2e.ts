import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomRoutes } from "../../../resources/rooms/rooms";
import { chromiumOptions, startServer } from "../../../scripts/lib/server-process.mjs";
import { axeFindings, contextOptions, fakeCamera, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";
import { freshDatabase } from "../../kernel/server/helpers";
import { enterRoom, freshLive } from "../../rooms/e2e/rooms-support";
import { framesOf, onAir, timelineShows } from "./time-machine-support";

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
    chromium.launch({ ...chromiumOptions, args: [...chromiumOptions.args, ...fakeCamera] }),
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

    const teacher = await enterRoom(await newPage(), "13800000001", roomRoutes.teacher, live);
    await onAir(teacher);

    // The frames the room sent, as the page's call answers them.
    const frames = () => framesOf(admin, live.liveId);
    await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await timelineShows(admin, live.liveId);
    await screenshot(admin, "time-machine");
    expect(await axeFindings(admin)).toEqual([]);

    // The room goes on sending while on air, a period (2 s here) apart.
    const before = await frames();
    await expect.poll(frames, { timeout: 30_000 }).toBeGreaterThan(before);
    await teacher.getByRole("button", { name: "暂停推流" }).click();
  });
});
