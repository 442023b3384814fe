import { afterAll, describe, expect, it } from "vitest";
import { roomRoutes } from "../../../resources/rooms/rooms";
import { roomMessages } from "../../../resources/rooms/room-api";
import { closeBrowser, newPage, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";
import { enterRoom, freshLive, reviewWords, type FreshLive } from "../../rooms/e2e/rooms-support";

/**
 * The sensitive words end to end (issue 19 item 6): an admin adds a word on /filterWords and saves
 * it; in a live whose chat review is on, a student's message holding the word is held (待审核 on
 * the author's own page) while one without it is shown as any other, and the teacher's page, which
 * sees held messages, marks it too.
 */

afterAll(closeBrowser);

/** A signed-in person's page in the live's room: the page and its framed room. */
async function inRoom(mobile: string, route: string, live: FreshLive) {
  const page = await newPage();
  return { page, room: await enterRoom(page, mobile, route, live) };
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

    const live = await freshLive(admin, `敏感词端到端${Date.now() % 100000}`, 1, reviewWords);
    const teacher = await inRoom("13800000001", roomRoutes.teacher, live);
    const student = await inRoom("13800000003", roomRoutes.student, live);
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
