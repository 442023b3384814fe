import { chromium, type Browser, type FrameLocator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveApi } from "../../../resources/lives/live-api";
import { livePages } from "../../../resources/lives/routes";
import { roomMessages } from "../../../resources/rooms/room-api";
import { mediaApi, mediaMessages } from "../../../resources/vod/media-api";
import { roomRouteFor, roomRoutes } from "../../../resources/rooms/rooms";
import { chromiumOptions } from "../../../scripts/lib/server-process.mjs";
import { baseURL, contextOptions, screenshot, signInAs, signInAsAdmin } from "../../kernel/e2e/browser";
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
  it("goes from the teacher's camera to two students by HLS with its courseware and a chapter marked, comes back after a pause, and its recording plays in the playback room and seeks to the chapter, its audio, video and courseware downloaded, its recording recycled and restored", async () => {
    const admin = await newPage();
    await signInAsAdmin(admin);
    const title = `大班课推流${Date.now() % 100000}`;
    const live = await freshLive(admin, title, 1);
    // Its courseware, attached as the live form does (2 §3 CloudDiskFiles): the room shows it to its viewers.
    const [handout] = (await (await admin.request.get(`${liveApi.coursewareCandidates.path}?key=${encodeURIComponent("函数图像")}`)).json()).data as { Id: number; Name: string }[];
    const info = (await (await admin.request.get(`${liveApi.info.path}?liveid=${live.liveId}`)).json()).data as { Title: string; BeginTime: string; EndTime: string };
    const changed = await admin.request.patch(liveApi.update.path, {
      data: { id: live.liveId, title: info.Title, begintime: info.BeginTime, endtime: info.EndTime, clouddiskfiles: JSON.stringify([handout]) },
    });
    expect(((await changed.json()) as { code: number }).code).toBe(0);

    const teacherPage = await newPage();
    await signInAs(teacherPage, "13800000001");
    const teacher = await openRoom(teacherPage, roomRoutes.teacher, live);
    // Two pages of the demo student (the demo has one student in the course), each in its own browser context.
    const students: Page[] = [];
    for (let i = 0; i < 2; i++) {
      const page = await newPage();
      await signInAs(page, "13800000003");
      const room = await openRoom(page, roomRouteFor("student", 1), live);
      await room.getByText(roomMessages.broadcastWaiting).waitFor();
      students.push(page);
    }

    await teacher.getByRole("button", { name: "开启摄像头" }).click();
    await expect.poll(() => teacher.getByRole("status", { name: "推流状态" }).innerText(), { timeout: 20_000 }).toBe("直播中");
    for (const page of students) await playing(page, "老师画面");
    await screenshot(students[0], "room-broadcast-student");

    // The teacher marks a chapter of the replay (issue 18 item 8) at the broadcast's present moment.
    await teacher.getByRole("textbox", { name: "章节标题" }).fill("函数图像");
    await teacher.getByRole("button", { name: "标记章节" }).click();
    const marked = await teacher.getByText(/^已标记章节：函数图像（\d+:\d\d）$/).innerText({ timeout: 10_000 });
    const [, minutes, seconds] = /（(\d+):(\d\d)）/.exec(marked)!;
    const chapterAt = Number(minutes) * 60 + Number(seconds);
    await expect.poll(() => teacher.getByRole("textbox", { name: "章节标题" }).inputValue()).toBe("章节 2");
    await screenshot(teacherPage, "room-broadcast-chapter");

    // A viewer's 课件 (issue 18 item 7): the live's file, opened in a new window at an address signed for the room.
    const student = roomFrame(students[0]);
    await student.getByRole("tab", { name: "课件" }).click();
    const open = student.getByRole("link", { name: "预览下载 函数图像.pdf" });
    await open.waitFor();
    await screenshot(students[0], "room-broadcast-courseware");
    const [popup] = await Promise.all([students[0].waitForEvent("popup"), open.click()]);
    expect(popup.url()).toContain("/cloud-disk/objects/");
    await popup.close();
    const file = await students[0].context().request.get(new URL((await open.getAttribute("href"))!, baseURL()).href);
    expect([file.status(), file.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    await student.getByRole("tab", { name: "聊天" }).click();

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
    // The chapter is listed under the player; clicked, the player goes to its place in the recording.
    const chapter = replay.getByRole("navigation", { name: "章节" }).getByRole("button", { name: /函数图像/ });
    await chapter.click();
    await frame.waitForFunction((at) => {
      const video = document.querySelector("video");
      return !!video && Math.abs(video.currentTime - at) < 1.5;
    }, chapterAt, { timeout: 10_000 });
    await expect.poll(() => chapter.getAttribute("aria-current")).toBe("true");
    await screenshot(students[0], "room-broadcast-replay");

    // The administrator: its audio converted and downloaded (2 §2 /audioDown), its video downloaded
    // from the live's row, its courseware listed (/downloadDoc).
    await admin.goto(`${livePages.audioDown.route}?liveId=${live.liveId}&liveName=x`);
    const audioState = admin.getByTestId("audio-state");
    await audioState.getByRole("button", { name: /开始转换/ }).click();
    await admin.locator(".ant-message, .ant-notification").getByText(mediaMessages.audioStarted).first().waitFor();
    // Converting is asked after every 30 s; a person in a hurry reloads.
    await expect
      .poll(async () => {
        await admin.reload();
        return admin.getByTestId("audio-state").innerText();
      }, { timeout: 60_000, interval: 1000 })
      .toContain("转换完成");
    const download = admin.getByRole("link", { name: /^下\s*载$/ }).first();
    const audio = await admin.request.get((await download.getAttribute("href"))!);
    expect([audio.status(), audio.headers()["content-type"]]).toEqual([200, "audio/mp4"]);

    await admin.goto(`/liveop`);
    await admin.getByPlaceholder("请输入直播名称").fill(title);
    await admin.getByRole("button", { name: /查\s*询/ }).click();
    const row = admin.locator(".ant-table-tbody tr.ant-table-row", { hasText: title });
    await row.getByRole("button", { name: /更多操作/ }).click();
    const saving = admin.waitForEvent("download");
    await admin.locator(".ant-dropdown:visible").getByRole("menuitem", { name: "视频下载" }).click();
    expect((await saving).suggestedFilename()).toBe(`${title}.mp4`);

    await admin.goto(`${livePages.downloadDoc.route}?liveId=${live.liveId}&liveName=x`);
    const doc = admin.locator(".ant-table-tbody tr.ant-table-row", { hasText: "函数图像.pdf" });
    const opened = await admin.request.get((await doc.getByRole("link", { name: "预览下载" }).getAttribute("href"))!);
    expect(opened.status()).toBe(200);

    // 删除录像: confirmed, the recording goes to the recycle bin and the playback room has no replay; restored there, it plays again.
    await admin.goto(`/liveop`);
    await admin.getByPlaceholder("请输入直播名称").fill(title);
    await admin.getByRole("button", { name: /查\s*询/ }).click();
    await row.getByRole("button", { name: /更多操作/ }).click();
    await admin.locator(".ant-dropdown:visible").getByRole("menuitem", { name: "删除录像" }).click();
    await admin.getByRole("dialog").getByText(mediaMessages.confirmRemoveRecording).waitFor();
    await screenshot(admin, "liveop-remove-recording");
    await admin.getByRole("dialog").getByRole("button", { name: /确\s*定/ }).click();
    await admin.locator(".ant-message, .ant-notification").getByText(mediaMessages.recordingRemoved).first().waitFor();
    await (await openRoom(students[1], roomRoutes.playback, live)).getByText(roomMessages.noReplay).waitFor();
    const bin = (await (await admin.request.get(`${mediaApi.recycled.path}?page=1&count=50`)).json()).data as { kind: string; id: number; roomid: number }[];
    const recycledRecording = bin.find((r) => r.kind === "recording" && r.roomid === live.liveId)!;
    const restored = await admin.request.post(mediaApi.restore.path, { data: { kind: "recording", id: recycledRecording.id } });
    expect(((await restored.json()) as { code: number }).code).toBe(0);
    await (await openRoom(students[1], roomRoutes.playback, live)).getByText(/正在播放：/).waitFor();
  }, 240_000);
});
