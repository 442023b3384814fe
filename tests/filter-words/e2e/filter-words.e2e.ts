import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveApi } from "../../../resources/lives/live-api";
import { roomRoutes } from "../../../resources/rooms/rooms";
import { roomMessages } from "../../../resources/rooms/room-api";
import { chromiumOptions } from "../../../scripts/lib/server-process.mjs";
import { formatDateTime } from "../../../server/services/datetime";
import { baseURL, contextOptions, screenshot, signInAs, signInAsAdmin } from "../../kernel/e2e/browser";

/**
 * The sensitive words end to end (issue 19 item 6): an admin adds a word on /filterWords and saves
 * it; in a live whose chat review is on, a student's message holding the word is held (待审核 on
 * the author's own page) while one without it is shown as any other, and the teacher's page, which
 * sees held messages, marks it too.
 */

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await chromium.launch(chromiumOptions);
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ ...contextOptions, baseURL: baseURL() });
  contexts.push(context);
  const page = await context.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return page;
}

type Envelope<T> = { code: number; msg: string; data: T };

async function send<T>(page: Page, method: "GET" | "POST", path: string, payload?: Record<string, unknown>): Promise<T> {
  const response = method === "GET" ? await page.request.get(path, { params: payload as Record<string, string> }) : await page.request.post(path, { data: payload });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 0) throw new Error(`${method} ${path}: ${body.code} ${body.msg}`);
  return body.data;
}

/** A large-class live of 李老师 with 赵同学 in its course, on now, chat review on (as the live form saves it). */
async function reviewedLive(admin: Page, title: string): Promise<{ liveId: number; orgId: number }> {
  const orgId = (await send<{ group: { id: number } }>(admin, "GET", "/api/v1/user-info")).group.id;
  const course = await send<{ Id: number }>(admin, "POST", "/cms/course", { type: 1, title, detail: "", expire: formatDateTime(Date.now() + 30 * 86_400_000), headimg: "" });
  const [student] = await send<{ Id: number }[]>(admin, "GET", "/cms/studentsearch", { key: "13800000003", page: "1", count: "1" });
  const [teacher] = await send<{ Id: number; Name: string }[]>(admin, "GET", "/cms/teachersearch", { key: "13800000001", page: "1", count: "1" });
  await send(admin, "POST", "/cms/studentcourse", { userid: student.Id, courseid: course.Id });
  const live = await send<{ Id: number }>(admin, "POST", liveApi.create.path, {
    courseid: course.Id,
    title,
    begintime: formatDateTime(Date.now() - 60_000),
    endtime: formatDateTime(Date.now() + 3_600_000),
    teachers: JSON.stringify([{ account: teacher.Id, name: teacher.Name }]),
    assistants: "[]",
    detail: "",
    masterid: 0,
    subClassName: "",
    config: JSON.stringify({ openFilterChat: "1", filterChatDefault: "0" }),
    emulateid: 0,
  });
  return { liveId: live.Id, orgId };
}

async function enterRoom(mobile: string, route: string, live: { liveId: number; orgId: number }) {
  const page = await newPage();
  await signInAs(page, mobile);
  await page.goto(`${route}?mid=${live.liveId}&gid=${live.orgId}`);
  const room = page.frameLocator('iframe[title="直播间"]');
  await room.getByRole("heading", { level: 1 }).waitFor({ timeout: 20_000 });
  return { page, room };
}

describe("/filterWords and the room", () => {
  it("holds a student's message holding a word the admin has just listed", { timeout: 240_000 }, async () => {
    const word = `禁词${Date.now() % 100000}`;
    const admin = await newPage();
    admin.setDefaultTimeout(30_000);
    await signInAsAdmin(admin);
    await admin.goto("/filterWords");
    const box = admin.getByRole("textbox", { name: "添加敏感词" });
    await box.fill(`${word}；另一个词`);
    // The separator typed made the first a tag; Enter makes the rest one.
    await box.press("Enter");
    const tags = admin.getByRole("list", { name: "敏感词" });
    await expect.poll(() => tags.innerText()).toContain(word);
    await expect.poll(() => tags.innerText()).toContain("另一个词");
    await admin.getByRole("button", { name: /保\s*存/ }).click();
    await admin.getByText("保存成功").first().waitFor();
    await screenshot(admin, "filter-words-saved");

    const live = await reviewedLive(admin, `敏感词端到端${Date.now() % 100000}`);
    const teacher = await enterRoom("13800000001", roomRoutes.teacher, live);
    const student = await enterRoom("13800000003", roomRoutes.student, live);
    const messages = (r: typeof student) => r.room.getByRole("list", { name: "聊天消息" });
    const say = async (r: typeof student, text: string) => {
      await r.room.getByLabel("聊天内容").fill(text);
      await r.room.getByLabel("聊天内容").press("Enter");
    };
    await say(student, "老师好");
    await say(student, `这里有${word}吗`);
    const held = messages(student).getByRole("listitem").filter({ hasText: `这里有${word}吗` });
    await held.getByText(roomMessages.chatHeld).waitFor();
    const shown = messages(student).getByRole("listitem").filter({ hasText: "老师好" });
    await shown.waitFor();
    expect(await shown.getByText(roomMessages.chatHeld).count()).toBe(0);
    await screenshot(student.page, "filter-words-held");
    // The staff see what waits for review, marked as such.
    await messages(teacher).getByRole("listitem").filter({ hasText: `这里有${word}吗` }).getByText(roomMessages.chatHeld).waitFor();
  });
});
