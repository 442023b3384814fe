import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page, Response } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { mediaMessages } from "../../../resources/vod/media-api";
import { roomRoutes } from "../../../resources/rooms/rooms";
import { DAY, HOUR, at, api, axeFindings, closeBrowser, newPage, screenshot, signInAs, signInAsAdmin, typeTime } from "../../kernel/e2e/browser";

const workDir = mkdtempSync(path.join(tmpdir(), "lectern-vod-"));

afterAll(async () => {
  await closeBrowser();
  rmSync(workDir, { recursive: true, force: true });
});

/** A real short video made by ffmpeg: H.264/AAC in MP4 (its streams are copied) or MPEG-4 in AVI (re-encoded). */
function video(name: string, kind: "mp4" | "avi"): string {
  const file = path.join(workDir, name);
  const codec = kind === "mp4" ? ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"] : ["-c:v", "mpeg4", "-c:a", "pcm_s16le"];
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x90:rate=10", "-f", "lavfi", "-i", "sine", "-t", "2", ...codec, file]);
  return file;
}

const toast = (page: Page, text: string) => page.locator(".ant-message, .ant-notification").getByText(text).first().waitFor({ timeout: 20_000 });
const dialog = (page: Page, title: string | RegExp) => page.locator(".ant-modal:visible", { has: page.locator(".ant-modal-title", { hasText: title }) });
const shelf = (page: Page) => page.getByTestId("shelf-row").allInnerTexts().then((rows) => rows.map((r) => r.split("\n")[1]));

describe("a recorded course from its creation to a student watching", () => {
  it("creates the course and a session, uploads two videos (one interrupted and resumed), orders them over another tab's save, and plays the shelf to a student", async () => {
    const stamp = String(Date.now()).slice(-6);
    const course = `录播端到端${stamp}`;
    const session = `第一节${stamp}`;
    const admin = await newPage();
    await signInAsAdmin(admin);

    // The recorded course, through the course form with its type fixed.
    await admin.goto("/vodcourseop");
    await admin.getByRole("button", { name: /创建录播课程/ }).click();
    const create = dialog(admin, "创建录播课程");
    await create.getByPlaceholder("请输入课程名称").fill(course);
    await typeTime(admin, "root_expire", at(Date.now() + 90 * DAY));
    await create.getByRole("button", { name: /确\s*定/ }).click();
    await toast(admin, "添加成功");

    // Its session, through the live's form: begun two hours ago, so its replay is open now.
    const row = admin.locator(".ant-table-tbody tr.ant-table-row", { hasText: course });
    await row.getByRole("button", { name: "课节管理" }).click();
    await admin.waitForURL((u) => u.pathname === "/recordvoditemop");
    await admin.getByRole("button", { name: /创建录播课节/ }).click();
    await admin.waitForURL((u) => u.pathname === "/createRecordInfo");
    await admin.locator("#root_title").waitFor();
    await admin.locator(".ant-card-body > div > .ant-space").getByRole("button", { name: /确\s*定/ }).click();
    await admin.getByText("直播标题不能为空").waitFor();
    await admin.locator("#root_title").fill(session);
    await typeTime(admin, "root_begintime", at(Date.now() - 2 * HOUR));
    const saved = admin.waitForResponse((r: Response) => r.url().endsWith("/cms/live") && r.request().method() === "POST");
    await admin.locator(".ant-card-body > div > .ant-space").getByRole("button", { name: /确\s*定/ }).click();
    const liveId = ((await (await saved).json()) as { data: { Id: number } }).data.Id;
    await toast(admin, "添加成功");
    await admin.waitForURL((u) => u.pathname === "/recordvoditemop");
    const sessionRow = admin.locator(".ant-table-tbody tr.ant-table-row", { hasText: session });
    await sessionRow.getByText("未绑定，已过期").waitFor();

    // Two uploads, one at a time. The first one's bytes reach the server but the tab is reloaded
    // before the answer: chosen again, it goes on from the server's offset under the same video
    // (no second creation), and the second starts anew.
    await sessionRow.getByRole("button", { name: "绑定视频" }).click();
    await admin.waitForURL((u) => u.pathname === "/bindingRecordMedia");
    const created: string[] = [];
    let held = false;
    let reached: () => void;
    const bytesReached = new Promise<void>((resolve) => (reached = resolve));
    await admin.route(/\/vod\/files(\/|$)/, async (route) => {
      const method = route.request().method();
      if (method === "POST") created.push(route.request().headers()["upload-length"]);
      if (!held && method === "PATCH") {
        held = true;
        await route.fetch();
        reached();
        return; // never answered: the tab goes away with the upload in flight
      }
      return route.continue();
    });
    const files = [video("片头.mp4", "mp4"), video("正片.avi", "avi")];
    await admin.getByTestId("media-file-input").setInputFiles(files);
    await bytesReached;
    expect(created).toHaveLength(1);
    await admin.reload();
    await admin.getByRole("button", { name: /上传视频/ }).waitFor();
    await admin.getByTestId("media-file-input").setInputFiles(files);
    const uploads = admin.getByTestId("upload-item");
    await expect.poll(() => uploads.allInnerTexts(), { timeout: 60_000 }).toEqual([expect.stringContaining("已上传"), expect.stringContaining("已上传")]);
    expect(created).toHaveLength(2);
    await admin.keyboard.press("Escape");

    // Both transcode (the page asks every 5 s) and come off shelf; a renamed text file is refused before it is sent.
    const offShelf = admin.locator("section[aria-label='未上架'] .ant-table-row");
    await expect.poll(() => offShelf.filter({ hasText: "已下架" }).count(), { timeout: 90_000 }).toBe(2);
    await admin.getByTestId("media-file-input").setInputFiles({ name: "说明.txt", mimeType: "text/plain", buffer: Buffer.from("not a video") });
    await toast(admin, `说明.txt：${mediaMessages.badType}`);

    // Put both on shelf, 正片 first by the keyboard, and save.
    for (const name of ["片头.mp4", "正片.avi"]) await offShelf.filter({ hasText: name }).getByRole("button", { name: /上\s*架/ }).click();
    await expect.poll(() => shelf(admin)).toEqual(["片头.mp4", "正片.avi"]);
    // What a screen reader hears says when each key has taken effect.
    const told = (text: string) => admin.locator("[aria-live]").filter({ hasText: text }).waitFor({ state: "attached" });
    const handle = admin.getByRole("button", { name: "拖动排序：正片.avi" });
    await handle.focus();
    await admin.keyboard.press("Space");
    await expect.poll(() => handle.getAttribute("aria-pressed")).toBe("true");
    await admin.keyboard.press("ArrowUp");
    await told("「正片.avi」移到第1位");
    await admin.keyboard.press("Space");
    await told("「正片.avi」放在第1位");
    await expect.poll(() => shelf(admin)).toEqual(["正片.avi", "片头.mp4"]);
    await admin.getByRole("button", { name: /保\s*存/ }).click();
    await toast(admin, "保存成功");
    expect(await axeFindings(admin)).toEqual([]);

    // A second tab takes 正片 off and saves first; this tab's change then meets the conflict view, and 覆盖 wins.
    const other = await newPage();
    await signInAsAdmin(other);
    await other.goto(admin.url());
    await other.getByTestId("shelf-row").first().waitFor();
    await other.getByTestId("shelf-row").filter({ hasText: "正片.avi" }).getByRole("button", { name: /下\s*架/ }).click();
    await other.getByRole("button", { name: /保\s*存/ }).click();
    await toast(other, "保存成功");
    await admin.getByTestId("shelf-row").filter({ hasText: "片头.mp4" }).getByRole("button", { name: /下\s*架/ }).click();
    await admin.getByRole("button", { name: /保\s*存/ }).click();
    const conflict = admin.getByTestId("media-conflict");
    await conflict.waitFor();
    await admin.getByText(mediaMessages.conflict).first().waitFor();
    expect(await admin.getByRole("button", { name: "拖动排序：正片.avi" }).isDisabled()).toBe(true);
    await screenshot(admin, "vod-binding-conflict");
    await admin.getByRole("button", { name: /覆\s*盖/ }).click();
    await toast(admin, "保存成功");
    await expect.poll(() => shelf(admin)).toEqual(["正片.avi"]);
    await expect.poll(() => conflict.count()).toBe(0);

    // 片头 off shelf goes to the recycle bin, and comes back from it off shelf.
    await offShelf.filter({ hasText: "片头.mp4" }).getByRole("button", { name: /删\s*除/ }).click();
    await admin.locator(".ant-popconfirm:visible").getByRole("button", { name: /确\s*定|OK/ }).click();
    await toast(admin, "删除成功");
    await expect.poll(() => offShelf.count()).toBe(0);
    await admin.getByRole("button", { name: "回收站" }).click();
    const bin = dialog(admin, "回收站");
    await bin.locator(".ant-table-row", { hasText: "片头.mp4" }).getByRole("button", { name: /恢\s*复/ }).click();
    await toast(admin, "恢复成功");
    await bin.locator(".ant-modal-close").click();
    await expect.poll(() => offShelf.filter({ hasText: "片头.mp4" }).filter({ hasText: "已下架" }).count()).toBe(1);

    // The list counts it; a student of the session watches the shelf in the playback room.
    await admin.goto(`/recordvoditemop?courseId=${new URL(admin.url()).searchParams.get("courseId") ?? ""}`);
    await admin.locator(".ant-table-tbody tr.ant-table-row", { hasText: session }).getByText("已上架").waitFor();
    const [student] = await api<{ Id: number }[]>(admin, "/cms/studentsearch?key=13800000003&page=1&count=1");
    const added = await admin.request.post("/cms/studentlive", { data: { userid: student.Id, liveid: liveId } });
    expect(((await added.json()) as { code: number }).code).toBe(0);
    const orgId = (await api<{ group: { id: number } }>(admin, "/api/v1/user-info")).group.id;

    const viewer = await newPage();
    await signInAs(viewer, "13800000003");
    await viewer.goto(`${roomRoutes.playback}?mid=${liveId}&gid=${orgId}`);
    const room = viewer.frameLocator('iframe[title="直播间"]');
    await room.getByText("正在播放：正片.avi").waitFor({ timeout: 30_000 });
    const frame = viewer.frames().find((f) => f.url().includes("/room/"))!;
    await frame.locator("video").evaluate((v: HTMLVideoElement) => {
      v.muted = true;
      return v.play();
    });
    await frame.waitForFunction(() => (document.querySelector("video")?.currentTime ?? 0) > 0.5, null, { timeout: 20_000 });
    await screenshot(viewer, "vod-student-playback");
  }, 240_000);
});
