import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomRouteFor, roomRoutes } from "../../../resources/rooms/rooms";
import { chromiumOptions } from "../../../scripts/lib/server-process.mjs";
import { axeFindings, baseURL, contextOptions, databaseBlindIt, screenshot, signInAs, signInAsAdmin } from "../../kernel/e2e/browser";
import { freshLive, shareWithWhitelist, type FreshLive } from "./rooms-support";

/**
 * The live rooms end to end (issue 11 items 2, 4, 5): a share link's viewer let in by the
 * whitelist; the small class's camera reaching the demo student by WebRTC. One browser for the
 * file, with Chromium's fake camera. A teacher and students entering from their calendars,
 * chatting, and what that leaves for the admin are first-live.e2e.ts, on a server without the demo.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await chromium.launch({ ...chromiumOptions, args: [...chromiumOptions.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] });
});
afterAll(async () => {
  await browser?.close();
});

const phone = { viewport: { width: 390, height: 844 }, userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148" };

async function newPage(options: { viewport?: { width: number; height: number }; userAgent?: string } = {}): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions, baseURL: baseURL(), ...options });
  contexts.push(context);
  const page = await context.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return page;
}


/** Content-Security-Policy violations the page meets (as content-security.e2e.ts watches them). */
async function watchViolations(page: Page): Promise<() => string[]> {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) seen.push(message.text());
  });
  return () => seen;
}

/** A signed-in person's room for the live, as the portal opens it; answers the framed room site. */
async function openRoom(mobile: string, route: string, live: FreshLive): Promise<{ page: Page; room: FrameLocator; violations: () => string[] }> {
  const page = await newPage();
  const violations = await watchViolations(page);
  await signInAs(page, mobile);
  await page.goto(`${route}?mid=${live.liveId}&gid=${live.orgId}`);
  const room = page.frameLocator('iframe[title="直播间"]');
  await room
    .getByRole("heading", { level: 1 })
    .waitFor({ timeout: 20_000 })
    .catch(async (err) => {
      await screenshot(page, `room-failed-${mobile}`);
      console.log("FRAME", page.url(), await page.locator("body").innerText(), page.frames().map((f) => f.url()));
      throw err;
    });
  return { page, room, violations };
}

const presentNames = (room: FrameLocator) => room.getByRole("list", { name: "在线成员" }).innerText();

describe("a share link of a whitelist live", () => {
  it("lets an anonymous viewer in with a whitelist entry, after refusing a wrong password", async () => {
    const admin = await newPage();
    await signInAsAdmin(admin);
    const live = await freshLive(admin, `分享端到端${Date.now() % 100000}`, 1);
    const guid = await shareWithWhitelist(admin, live, "观众甲", "pw123456");
    const viewer = await newPage();
    const violations = await watchViolations(viewer);
    await viewer.goto(`/share_qxc/liveclass.html?guid=${guid}&livetype=all`);
    await viewer.waitForURL((u) => u.pathname === "/room/share", { timeout: 20_000 });
    await viewer.getByLabel("用户名").fill("观众甲");
    await viewer.getByLabel("密码", { exact: true }).fill("wrong-one");
    await viewer.getByRole("button", { name: "进入直播" }).click();
    await expect.poll(() => viewer.getByRole("alert").allInnerTexts(), { timeout: 10_000 }).toContain("用户名或密码错误");
    await screenshot(viewer, "room-share-refused");
    expect(await axeFindings(viewer)).toEqual([]);

    await viewer.getByLabel("密码", { exact: true }).fill("pw123456");
    await viewer.getByRole("button", { name: "进入直播" }).click();
    await viewer.waitForURL((u) => u.pathname === "/room/", { timeout: 20_000 });
    await expect.poll(() => viewer.getByRole("list", { name: "在线成员" }).innerText(), { timeout: 15_000 }).toContain("观众甲");
    expect(await viewer.getByRole("heading", { level: 1 }).innerText()).toContain("分享端到端");
    await screenshot(viewer, "room-share-viewer");
    expect(await axeFindings(viewer)).toEqual([]);
    expect(violations()).toEqual([]);

    // On a phone the same link lands in the h5 room, laid out in one column.
    const mobile = await newPage(phone);
    await mobile.goto(`/share_qxc/liveclass.html?guid=${guid}&livetype=all`);
    await mobile.getByLabel("用户名").fill("观众甲");
    await mobile.getByLabel("密码", { exact: true }).fill("pw123456");
    await mobile.getByRole("button", { name: "进入直播" }).click();
    await mobile.waitForURL((u) => u.pathname === "/room/h5/", { timeout: 20_000 });
    await mobile.getByRole("textbox", { name: "聊天内容" }).fill("手机上也能聊天");
    await mobile.getByRole("textbox", { name: "聊天内容" }).press("Enter");
    await expect.poll(() => viewer.getByRole("list", { name: "聊天消息" }).innerText(), { timeout: 10_000 }).toContain("手机上也能聊天");
    await screenshot(mobile, "room-share-h5");
    expect(await axeFindings(mobile)).toEqual([]);
  }, 120_000);
});

describe("a small class", () => {
  databaseBlindIt("carries the teacher's camera to the student by WebRTC", async () => {
    const admin = await newPage();
    await signInAsAdmin(admin);
    const live = await freshLive(admin, `小班课端到端${Date.now() % 100000}`, 0);
    const teacher = await openRoom("13800000001", roomRoutes.teacher, live);
    await teacher.page.context().grantPermissions(["camera", "microphone"]);
    const student = await openRoom("13800000003", roomRouteFor("student", 0), live);
    expect(student.page.url()).toContain(roomRoutes.studentMini);
    await expect.poll(() => presentNames(teacher.room), { timeout: 15_000 }).toContain("赵同学");
    await teacher.room.getByRole("button", { name: "开启摄像头" }).click();
    const frameOf = (page: Page) => page.frames().find((f) => f.url().includes("/room/"))!;
    await frameOf(student.page).waitForFunction(
      () => {
        const video = document.querySelector<HTMLVideoElement>('video[aria-label="老师画面"]');
        return !!video && video.videoWidth > 0 && video.currentTime > 0.2;
      },
      null,
      { timeout: 30_000 },
    );
    await screenshot(teacher.page, "room-webrtc-teacher");
    await screenshot(student.page, "room-webrtc-student");
    expect(student.violations()).toEqual([]);
  }, 120_000);
});
