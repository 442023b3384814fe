import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { tools } from "../../resources/tools";
import { closeBrowser, newPage, screenshot, signInAsAdmin } from "./browser";

afterAll(closeBrowser);

const dialog = (page: Page, title: string | RegExp) => page.locator(".ant-modal:visible", { has: page.locator(".ant-modal-title", { hasText: title }) });
const sandbox = (page: Page, title: string) => page.frameLocator(`iframe[title="${title}"]`);
/** What the sandbox page says it received, parameter by parameter. */
const paramOf = (page: Page, title: string, name: string) => sandbox(page, title).locator(`[data-param="${name}"]`).innerText();

describe("embedded tool pages against the sandbox open platform", () => {
  it("frames the sandbox with a valid token and the route's parameters (/recordCut, /virtualAudio)", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.goto("/recordCut?liveId=7");
    const cut = sandbox(page, "录制剪辑");
    await expect.poll(() => cut.locator("#token-state").innerText(), { timeout: 20_000 }).toMatch(/^有效/);
    expect(await cut.locator("#tool").innerText()).toBe("录制剪辑（recordCut）");
    expect(await cut.locator("#path").innerText()).toBe("/record/cut");
    expect(await paramOf(page, "录制剪辑", "liveId")).toBe("7");
    // The cinema-replay cut has no mode; the interaction-replay cut's address says mode=data (2 §2).
    expect(await cut.locator('[data-param="mode"]').count()).toBe(0);
    await page.goto("/recordCut?liveId=7&mode=data");
    await expect.poll(() => sandbox(page, "录制剪辑").locator('[data-param="mode"]').innerText().catch(() => ""), { timeout: 20_000 }).toBe("data");
    await screenshot(page, "tool-record-cut");

    await page.goto("/virtualAudio");
    const audio = page.locator('iframe[title="声音模型"]');
    await audio.waitFor();
    expect(await audio.getAttribute("allow")).toBe("microphone");
    await expect.poll(() => sandbox(page, "声音模型").locator("#token-state").innerText(), { timeout: 20_000 }).toMatch(/^有效/);
    expect(await paramOf(page, "声音模型", "ts")).toMatch(/^\d{13}$/);
    await screenshot(page, "tool-virtual-audio");
  });

  it("opens every declared tool page onto the sandbox with a token for that tool", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    for (const tool of tools) {
      const query = (tool.params ?? []).map((p) => `${p.name}=1`).join("&");
      await page.goto(query ? `${tool.route}?${query}` : tool.route);
      const frame = sandbox(page, tool.title);
      await expect.poll(() => frame.locator("#token-state").innerText(), { timeout: 20_000, message: tool.route }).toMatch(/^有效/);
      expect(await frame.locator("#tool").innerText(), tool.route).toBe(`${tool.title}（${tool.name}）`);
      expect(await frame.locator("#path").innerText(), tool.route).toBe(tool.subPath);
    }
    // Eighteen full page loads, each with a token request and the sandbox's own check.
  }, 300_000);

  it("on /virtualMake, with unsaved work in the frame, 返回 asks and only 取消 leaves", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.locator(".ant-layout-sider").getByText("数字人管理", { exact: true }).click();
    await page.getByRole("menuitem", { name: "数字人制作" }).click();
    await page.waitForURL((u) => u.pathname === "/virtualMake");
    const make = sandbox(page, "数字人制作");
    await expect.poll(() => make.locator("#token-state").innerText(), { timeout: 20_000 }).toMatch(/^有效/);
    await make.getByRole("button", { name: "标记有未保存的内容" }).click();
    await make.getByText("已通知控制台：goBackTip true").waitFor();

    await page.getByRole("button", { name: /返\s*回/ }).first().click();
    const ask = page.locator(".ant-modal-confirm:visible", { hasText: "是否需要保存数字人制作？" });
    await ask.waitFor();
    await screenshot(page, "tool-virtual-make-guard");
    await ask.getByRole("button", { name: /确\s*定/ }).click();
    await ask.waitFor({ state: "hidden" });
    expect(new URL(page.url()).pathname).toBe("/virtualMake");

    await page.getByRole("button", { name: /返\s*回/ }).first().click();
    await ask.getByRole("button", { name: /取\s*消/ }).click();
    await page.waitForURL((u) => u.pathname === "/");
  });
});

describe("/bindExamByLive", () => {
  it("binds an exam from the import dialog, then deletes it from the bound list", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.goto("/bindExamByLive?liveId=1");
    await page.getByRole("button", { name: "导入考试" }).waitFor();
    const bound = page.locator(".ant-card .ant-table-tbody").first();
    await expect.poll(() => page.locator(".ant-card .ant-spin-spinning").count(), { timeout: 20_000 }).toBe(0);

    await page.getByRole("button", { name: "导入考试" }).click();
    const picker = dialog(page, "导入考试");
    await picker.locator(".ant-table-row").first().waitFor();
    expect(await picker.locator(".ant-table-row").count()).toBe(10);
    const row = picker.locator(".ant-table-row", { has: page.getByRole("button", { name: /^选\s*择$/ }) }).first();
    const title = await row.locator("td").first().innerText();
    await row.getByRole("button", { name: /^选\s*择$/ }).click();
    const chosen = picker.locator(".ant-table-row", { hasText: title });
    await chosen.getByRole("button", { name: /取消选择/ }).waitFor();
    await screenshot(page, "bind-exam-import");
    await picker.locator(".ant-modal-close").click();

    const boundRow = bound.locator(".ant-table-row", { hasText: title });
    await boundRow.waitFor();
    await screenshot(page, "bind-exam-bound");
    await boundRow.getByRole("button", { name: /删\s*除/ }).click();
    const confirm = page.locator(".ant-modal-confirm:visible", { hasText: "确定删除吗？" });
    await confirm.getByRole("button", { name: /确\s*定/ }).click();
    await page.getByText("删除成功").waitFor();
    await boundRow.waitFor({ state: "detached" });
  });
});
