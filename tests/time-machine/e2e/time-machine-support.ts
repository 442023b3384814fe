import type { FrameLocator, Page } from "playwright-core";
import { expect } from "vitest";
import { timeMachinePage } from "../../../resources/time-machine/page";
import { timeMachineApi, timelineSettings } from "../../../resources/time-machine/time-machine";

/**
 * The teacher's time machine as the room feeds it and the admin reads it, shared by the time
 * machine's own path and the whole path around a live (tests/lives/e2e/around-a-live.e2e.ts).
 * The browser needs the fake camera (tests/kernel/e2e/browser.ts `fakeCamera`).
 */

/** The teacher turns the camera on in the built-in room and is on air. */
export async function onAir(teacher: FrameLocator) {
  await teacher.getByRole("button", { name: "开启摄像头" }).click();
  await expect.poll(() => teacher.getByRole("status", { name: "推流状态" }).innerText(), { timeout: 20_000 }).toBe("直播中");
}

/** How many frames of the live the server keeps, as /teaTimeMachine's call answers. */
export async function framesOf(admin: Page, liveId: number): Promise<number> {
  const res = await admin.request.get(`${timeMachineApi.footmark.path}?liveid=${liveId}`);
  return ((await res.json()) as { data: { timesort: number[] } }).data.timesort.length;
}

/** The timeline of /teaTimeMachine and its pictures, each named by its time. */
export const timelineOf = (admin: Page) => admin.getByRole("list", { name: /截图时间线/ });
export const shotsOf = (admin: Page) => timelineOf(admin).getByRole("img", { name: /^直播截图 \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/ });

/**
 * /teaTimeMachine?liveId opens with at least its empty slots and shows the live's first frame,
 * its bytes decoded as a picture, and the count of frames.
 */
export async function timelineShows(admin: Page, liveId: number) {
  await admin.goto(`${timeMachinePage.route}?liveId=${liveId}`);
  await expect.poll(() => timelineOf(admin).getByRole("listitem").count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(timelineSettings.slots);
  const first = shotsOf(admin).first();
  await first.waitFor({ timeout: 20_000 });
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 20_000 }).toBeGreaterThan(0);
  expect(await admin.getByRole("status").filter({ hasText: /^共 \d+ 张截图$/ }).count()).toBe(1);
}
