import { chromium, type Browser, type FrameLocator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveApi } from "../../../resources/lives/live-api";
import { moderationMessages } from "../../../resources/moderation/moderation-api";
import { roomRouteFor } from "../../../resources/rooms/rooms";
import { chromiumOptions } from "../../../scripts/lib/server-process.mjs";
import { formatDateTime } from "../../../server/services/datetime";
import { baseURL, contextOptions, screenshot, signInAs, signInAsAdmin } from "../../kernel/e2e/browser";

/**
 * Chat moderation end to end (issue 20 "Done when"): a live with review on (every viewer's message
 * held), two students in the room; the admin in /chatManager passes one message (both students
 * see it), bans one (neither sees it), replies to everyone (both see it) and revokes the passed one
 * (it leaves both screens). The pass is by the keyboard flow (a row chosen, p), with the unreviewed
 * count in the tab's title.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch(chromiumOptions);
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

async function send<T>(page: Page, path: string, data: Record<string, unknown>, method: "GET" | "POST" = "POST"): Promise<T> {
  const response = method === "GET" ? await page.request.get(path, { params: data as Record<string, string> }) : await page.request.post(path, { data });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

/** A large-class live with review on, its course holding the demo student and a new one (mobile, password). */
async function reviewedLive(admin: Page, title: string, second: { mobile: string; passwd: string }) {
  const orgId = (await send<{ group: { id: number } }>(admin, "/api/v1/user-info", {}, "GET")).group.id;
  const course = await send<{ Id: number }>(admin, "/cms/course", { type: 1, title, detail: "", expire: formatDateTime(Date.now() + 30 * 86_400_000), headimg: "" });
  await send(admin, "/cms/student", { name: "钱同学", mobile: second.mobile, passwd: second.passwd, nick: "" });
  const [teacher] = await send<{ Id: number; Name: string }[]>(admin, "/cms/teachersearch", { key: "13800000001", page: "1", count: "1" }, "GET");
  for (const mobile of ["13800000003", second.mobile]) {
    const [student] = await send<{ Id: number }[]>(admin, "/cms/studentsearch", { key: mobile, page: "1", count: "1" }, "GET");
    await send(admin, "/cms/studentcourse", { userid: student.Id, courseid: course.Id });
  }
  const live = await send<{ Id: number }>(admin, liveApi.create.path, {
    courseid: course.Id,
    title,
    begintime: formatDateTime(Date.now() - 60_000),
    endtime: formatDateTime(Date.now() + 3_600_000),
    teachers: JSON.stringify([{ account: teacher.Id, name: teacher.Name }]),
    assistants: "[]",
    detail: "",
    masterid: 0,
    subClassName: "",
    config: JSON.stringify({ openFilterChat: "1", filterChatDefault: "1" }),
    emulateid: 0,
  });
  return { liveId: live.Id, orgId };
}

async function enterRoom(mobile: string, password: string, live: { liveId: number; orgId: number }): Promise<{ page: Page; room: FrameLocator }> {
  const page = await newPage();
  await signInAs(page, mobile, password);
  await page.goto(`${roomRouteFor("student", 1)}?mid=${live.liveId}&gid=${live.orgId}`);
  const room = page.frameLocator('iframe[title="直播间"]');
  await room.getByRole("heading", { level: 1 }).waitFor({ timeout: 20_000 });
  return { page, room };
}

const chatOf = (room: FrameLocator) => room.getByRole("list", { name: "聊天消息" }).innerText();

async function say(room: FrameLocator, txt: string) {
  await room.getByRole("textbox", { name: "聊天内容" }).fill(txt);
  await room.getByRole("textbox", { name: "聊天内容" }).press("Enter");
  await expect.poll(() => chatOf(room), { timeout: 10_000 }).toContain(txt);
}

describe("chat moderation", () => {
  it("passes, bans, replies and revokes, and the students' rooms obey at once", async () => {
    const admin = await newPage();
    await signInAsAdmin(admin);
    const n = Date.now() % 100_000_000;
    const second = { mobile: `139${String(n).padStart(8, "0")}`, passwd: "abc12345" };
    const live = await reviewedLive(admin, `审核端到端${n % 10000}`, second);
    const zhao = await enterRoom("13800000003", "demo1234", live);
    const qian = await enterRoom(second.mobile, second.passwd, live);

    const passed = `请通过${n}`;
    const banned = `请禁止${n}`;
    await say(zhao.room, passed);
    await say(qian.room, banned);
    // Held: each sees only their own, marked 待审核.
    expect(await chatOf(qian.room)).not.toContain(passed);
    expect(await chatOf(zhao.room)).not.toContain(banned);

    await admin.goto(`/chatManager?liveId=${live.liveId}`);
    const rowOf = (txt: string) => admin.getByRole("row").filter({ hasText: txt });
    await rowOf(passed).waitFor({ timeout: 15_000 });
    await rowOf(banned).waitFor();
    await expect.poll(() => admin.title()).toMatch(/^\(2\) /);
    await screenshot(admin, "chat-manager-unreviewed");

    // The keyboard flow: the row chosen, p passes it.
    await rowOf(passed).getByRole("checkbox").check();
    await admin.keyboard.press("p");
    await expect.poll(() => admin.getByText(moderationMessages.passed).count()).toBeGreaterThan(0);
    await expect.poll(() => chatOf(qian.room), { timeout: 10_000 }).toContain(passed);
    await expect.poll(() => chatOf(zhao.room)).toContain(passed);
    await expect.poll(() => admin.title()).toMatch(/^\(1\) /);

    await rowOf(banned).getByRole("button", { name: "禁止" }).click();
    await expect.poll(() => chatOf(qian.room), { timeout: 10_000 }).not.toContain(banned);
    expect(await chatOf(zhao.room)).not.toContain(banned);

    const reply = `大家好，<b>${n}</b>`;
    await admin.getByRole("button", { name: "回复所有人" }).click();
    const dialog = admin.getByRole("dialog");
    await dialog.getByRole("button", { name: /^发\s*送$/ }).click();
    await expect.poll(() => dialog.getByRole("alert").innerText()).toBe(moderationMessages.replyEmpty);
    await dialog.getByRole("textbox", { name: "回复内容" }).fill(reply);
    await dialog.getByRole("textbox", { name: "回复内容" }).press("Enter");
    // Enter sends nothing: the dialog stays, the text as typed.
    expect(await dialog.getByRole("textbox", { name: "回复内容" }).inputValue()).toBe(reply);
    await dialog.getByRole("button", { name: /^发\s*送$/ }).click();
    // Shown as the text it is in both rooms.
    await expect.poll(() => chatOf(zhao.room), { timeout: 10_000 }).toContain(reply);
    await expect.poll(() => chatOf(qian.room)).toContain(reply);
    await screenshot(qian.page, "chat-room-after-moderation");

    await admin.getByRole("tab", { name: "已通过" }).click();
    await rowOf(passed).getByRole("button", { name: "撤回" }).click();
    await expect.poll(() => chatOf(zhao.room), { timeout: 10_000 }).not.toContain(passed);
    await expect.poll(() => chatOf(qian.room)).not.toContain(passed);
    expect(await chatOf(qian.room)).toContain(reply);
    await screenshot(admin, "chat-manager-approved");

    await admin.goto("/chatMonitor");
    const monitorRow = admin.getByRole("row").filter({ hasText: `审核端到端${n % 10000}` });
    await monitorRow.waitFor({ timeout: 15_000 });
    await monitorRow.getByRole("button", { name: "聊天控制" }).or(monitorRow.getByRole("link", { name: "聊天控制" })).click();
    await admin.waitForURL((u) => u.pathname === "/chatManager" && u.searchParams.get("liveId") === String(live.liveId));
  }, 180_000);
});
