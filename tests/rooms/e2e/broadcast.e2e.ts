import { chromium, type Browser, type FrameLocator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomMessages } from "../../../resources/rooms/room-api";
import { roomRouteFor, roomRoutes } from "../../../resources/rooms/rooms";
import { chromiumOptions } from "../../../scripts/lib/server-process.mjs";
import { baseURL, contextOptions, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";
import { freshLive, type FreshLive } from "./rooms-support";

/**
 * A large class live end to end (issue 18): the teacher publishes Chromium's fake camera from the
 * built-in room, two student pages play it by HLS and recover after the teacher pauses, the teacher ends the live, and its recording
 * plays in the playback room. One browser for the file, with the fake camera and no permission prompt.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ ...chromiumOptions, args: [...chromiumOptions.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] });
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions, baseURL: baseURL() });
  const page = await context.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return page;
}

async function signIn(page: Page, mobile: string) {
  await page.goto("/login");
  const pane = page.locator("[role=tabpanel]:not([hidden])");
  await pane.getByPlaceholder("手机号").fill(mobile);
  await pane.getByPlaceholder("密码").fill("demo1234");
  await pane.getByRole("button", { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname !== "/login" && u.pathname !== "/identity", { timeout: 20_000 });
  await page.waitForLoadState("networkidle");
}

/** A signed-in person's room for the live, as the portal opens it: the page and its framed room site. */
async function openRoom(page: Page, route: string, live: FreshLive): Promise<FrameLocator> {
  await page.goto(`${route}?mid=${live.liveId}&gid=${live.orgId}`);
  const room = page.frameLocator('iframe[title="直播间"]');
  await room.getByRole("heading", { level: 1 }).waitFor({ timeout: 20_000 });
  return room;
}

const roomFrame = (page: Page) => page.frames().find((f) => f.url().includes("/room/"))!;

/** Waits until the page's video (by its label) shows pictures and its time moves on. */
async function playing(page: Page, label: string, timeout = 30_000) {
  const frame = roomFrame(page);
  const start = await frame.waitForFunction(
    (name) => {
      const video = document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`);
      return !!video && video.videoWidth > 0 && video.currentTime > 0.1 && video.currentTime;
    },
    label,
    { timeout },
  );
  const first = (await start.jsonValue()) as number;
  await frame.waitForFunction(
    ([name, from]) => (document.querySelector<HTMLVideoElement>(`video[aria-label="${name}"]`)?.currentTime ?? 0) > (from as number) + 0.5,
    [label, first] as const,
    { timeout },
  );
}

describe("a large class live", () => {
  it("goes from the teacher's camera to two students by HLS, comes back after a pause, and its recording plays in the playback room", async () => {
    const admin = await newPage();
    await signInAsAdmin(admin);
    const live = await freshLive(admin, `大班课推流${Date.now() % 100000}`, 1);

    const teacherPage = await newPage();
    await signIn(teacherPage, "13800000001");
    const teacher = await openRoom(teacherPage, roomRoutes.teacher, live);
    // Two pages of the demo student (the demo has one student in the course), each in its own browser context.
    const students: Page[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await newPage();
      await signIn(page, "13800000003");
      const room = await openRoom(page, roomRouteFor("student", 1), live);
      await room.getByText(roomMessages.broadcastWaiting).waitFor();
      students.push(page);
    }

    await teacher.getByRole("button", { name: "开启摄像头" }).click();
    await expect.poll(() => teacher.getByRole("status", { name: "推流状态" }).innerText(), { timeout: 20_000 }).toBe("直播中");
    for (const page of students) await playing(page, "老师画面");
    await screenshot(students[0], "room-broadcast-student");

    // The teacher pauses: the students are told; the teacher comes back and their players recover by themselves.
    await teacher.getByRole("button", { name: "暂停推流" }).click();
    for (const page of students) await roomFrame(page).getByText(roomMessages.broadcastPaused).waitFor({ timeout: 20_000 });
    await teacher.getByRole("button", { name: "开启摄像头" }).click();
    await expect.poll(() => teacher.getByRole("status", { name: "推流状态" }).innerText(), { timeout: 20_000 }).toBe("直播中");
    for (const page of students) await playing(page, "老师画面");

    await teacher.getByRole("button", { name: "结束直播" }).click();
    await teacher.getByRole("tooltip").getByRole("button", { name: "结束直播" }).click();
    await expect.poll(() => teacher.getByRole("status", { name: "推流状态" }).innerText(), { timeout: 30_000 }).toBe("直播已结束");
    for (const page of students) await roomFrame(page).getByText(roomMessages.broadcastEnded).waitFor({ timeout: 20_000 });

    // The replay, as the portal opens it for the student.
    const replay = await openRoom(students[0], roomRoutes.playback, live);
    await replay.getByText(/正在播放：/).waitFor({ timeout: 20_000 });
    const frame = roomFrame(students[0]);
    await frame.locator("video").evaluate((video: HTMLVideoElement) => {
      video.muted = true;
      return video.play();
    });
    await frame.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 0.5, null, { timeout: 20_000 });
    await screenshot(students[0], "room-broadcast-replay");
  }, 90_000);
});
