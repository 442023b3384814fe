import type { FrameLocator, Page } from "playwright-core";
import { expect } from "vitest";
import { moderationMessages } from "../../../resources/moderation/moderation-api";
import { screenshot } from "../../kernel/e2e/browser";

/**
 * Chat moderation as issue 20's "Done when" walks it, shared by the moderation path and the whole
 * path around a live (tests/lives/e2e/around-a-live.e2e.ts): what a room's chat shows, a viewer
 * saying something, and the admin's pass, ban, reply and revoke on /chatManager with both rooms
 * watched after each.
 */

/** The text of a room's chat list, as its viewer sees it. */
export const chatOf = (room: FrameLocator) => room.getByRole("list", { name: "聊天消息" }).innerText();

/** A viewer types a message and presses Enter; it shows on their own screen (held or not). */
export async function say(room: FrameLocator, txt: string) {
  await room.getByRole("textbox", { name: "聊天内容" }).fill(txt);
  await room.getByRole("textbox", { name: "聊天内容" }).press("Enter");
  await expect.poll(() => chatOf(room), { timeout: 10_000 }).toContain(txt);
}

/**
 * On a live with every message held: `passed` said in the first room and `banned` in the second,
 * each held (the other does not see it). The admin on /chatManager?liveId sees both in the
 * unreviewed tab (the count in the tab's title), passes `passed` by the keyboard flow (a row
 * chosen, p: both rooms show it), bans `banned` (neither shows it), replies to everyone with
 * `reply` after the empty reply and Enter are refused (both rooms show it, as text), then revokes
 * the passed one on the approved tab (it leaves both rooms; the reply stays).
 */
export async function moderate(admin: Page, liveId: number, rooms: readonly [FrameLocator, FrameLocator], texts: { passed: string; banned: string; reply: string }) {
  const { passed, banned, reply } = texts;
  const [first, second] = rooms;
  await say(first, passed);
  await say(second, banned);
  // Held: each sees only their own, marked 待审核.
  expect(await chatOf(second)).not.toContain(passed);
  expect(await chatOf(first)).not.toContain(banned);

  await admin.goto(`/chatManager?liveId=${liveId}`);
  const rowOf = (txt: string) => admin.getByRole("row").filter({ hasText: txt });
  await rowOf(passed).waitFor({ timeout: 15_000 });
  await rowOf(banned).waitFor();
  await expect.poll(() => admin.title()).toMatch(/^\(2\) /);
  await screenshot(admin, "chat-manager-unreviewed");

  // The keyboard flow: the row chosen, p passes it.
  await rowOf(passed).getByRole("checkbox").check();
  await admin.keyboard.press("p");
  await expect.poll(() => admin.getByText(moderationMessages.passed).count()).toBeGreaterThan(0);
  await expect.poll(() => chatOf(second), { timeout: 10_000 }).toContain(passed);
  await expect.poll(() => chatOf(first)).toContain(passed);
  await expect.poll(() => admin.title()).toMatch(/^\(1\) /);

  await rowOf(banned).getByRole("button", { name: "禁止" }).click();
  await expect.poll(() => chatOf(second), { timeout: 10_000 }).not.toContain(banned);
  expect(await chatOf(first)).not.toContain(banned);

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
  await expect.poll(() => chatOf(first), { timeout: 10_000 }).toContain(reply);
  await expect.poll(() => chatOf(second)).toContain(reply);

  await admin.getByRole("tab", { name: "已通过" }).click();
  await rowOf(passed).getByRole("button", { name: "撤回" }).click();
  await expect.poll(() => chatOf(first), { timeout: 10_000 }).not.toContain(passed);
  await expect.poll(() => chatOf(second)).not.toContain(passed);
  expect(await chatOf(second)).toContain(reply);
  await screenshot(admin, "chat-manager-approved");
}

/** /chatMonitor lists the live by its title, and its row's 聊天控制 opens that live's /chatManager. */
export async function chatControlOpens(admin: Page, title: string, liveId: number) {
  await admin.goto("/chatMonitor");
  const monitorRow = admin.getByRole("row").filter({ hasText: title });
  await monitorRow.waitFor({ timeout: 15_000 });
  await monitorRow.getByRole("button", { name: "聊天控制" }).or(monitorRow.getByRole("link", { name: "聊天控制" })).click();
  await admin.waitForURL((u) => u.pathname === "/chatManager" && u.searchParams.get("liveId") === String(liveId));
}
