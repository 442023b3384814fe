import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveApi } from "../../../resources/lives/live-api";
import { roomRouteFor, roomRoutes } from "../../../resources/rooms/rooms";
import { chromiumOptions } from "../../../scripts/lib/server-process.mjs";
import { baseURL, contextOptions, screenshot, signInAs, signInAsAdmin } from "../../kernel/e2e/browser";
import { freshLive } from "./rooms-support";

/**
 * The floor of a large class (issue 18 item 1), end to end: the teacher gives it to the live's
 * assistant in the room, the assistant publishes Chromium's fake camera, a student plays it by HLS,
 * and the teacher takes the floor back, which stops the assistant and says so. One browser for the file.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ ...chromiumOptions, args: [...chromiumOptions.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] });
});
afterAll(async () => browser?.close());
const newPage = async (): Promise<Page> => (await browser.newContext({ ...contextOptions, baseURL: baseURL() })).newPage();

describe("the floor of a large class", () => {
  it("goes from the teacher to the assistant, who publishes to a student, and back", async () => {
    const admin = await newPage();
    await signInAsAdmin(admin);
    const live = await freshLive(admin, `发言权${Date.now() % 100000}`, 1);
    // The demo assistant 王助教 joins the live's staff through the live's own form call.
    const [assistant] = (await (await admin.request.get(`/cms/assistant?key=13800000002&page=1&count=1`)).json()).data as { Id: number; Name: string }[];
    const info = (await (await admin.request.get(`${liveApi.info.path}?liveid=${live.liveId}`)).json()).data as { Title: string; BeginTime: string; EndTime: string };
    const changed = await admin.request.patch(liveApi.update.path, { data: { id: live.liveId, title: info.Title, begintime: info.BeginTime, endtime: info.EndTime, assistants: JSON.stringify([{ account: assistant.Id, name: assistant.Name }]) } });
    expect(((await changed.json()) as { code: number; msg: string })).toMatchObject({ code: 0 });
    const open = async (page: Page, route: string) => {
      await page.goto(`${route}?mid=${live.liveId}&gid=${live.orgId}`);
      const room = page.frameLocator('iframe[title="直播间"]');
      await room.getByRole("heading", { level: 1 }).waitFor({ timeout: 20_000 });
      return room;
    };
    const tp = await newPage();
    await signInAs(tp, "13800000001");
    const teacher = await open(tp, roomRoutes.teacher);
    const ap = await newPage();
    await signInAs(ap, "13800000002");
    const asst = await open(ap, roomRouteFor("assistant", 1));
    const sp = await newPage();
    await signInAs(sp, "13800000003");
    await open(sp, roomRouteFor("student", 1));
    await teacher.getByRole("combobox", { name: "选择助教" }).click();
    await teacher.getByTitle(assistant.Name).click();
    await teacher.getByRole("button", { name: /交出发言权/ }).click();
    await teacher.getByText(`发言权在助教 ${assistant.Name} 手中`).waitFor();
    await asst.getByRole("button", { name: /开启摄像头/ }).click();
    await expect.poll(() => asst.getByRole("status", { name: "推流状态" }).innerText(), { timeout: 20_000 }).toBe("直播中");
    await sp.frames().find((f) => f.url().includes("/room/"))!.waitForFunction(() => { const v = document.querySelector<HTMLVideoElement>('video[aria-label="老师画面"]'); return !!v && v.videoWidth > 0 && v.currentTime > 0.5; }, undefined, { timeout: 30_000 });
    await screenshot(ap, "room-floor-assistant");
    await teacher.getByRole("button", { name: /收回发言权/ }).click();
    await asst.getByText("老师已收回发言权，推流已停止").first().waitFor({ timeout: 20_000 });
    expect(await asst.getByRole("button", { name: /开启摄像头/ }).count()).toBe(0);
  });
});
