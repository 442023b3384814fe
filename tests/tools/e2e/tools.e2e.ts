import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { permissionGroups } from "../../../resources/kernel/menu";
import { tools, type ToolDecl } from "../../../resources/tools/tools";
import { closeBrowser, newPage, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

const dialog = (page: Page, title: string | RegExp) => page.locator(".ant-modal:visible", { has: page.locator(".ant-modal-title", { hasText: title }) });
const sandbox = (page: Page, title: string) => page.frameLocator(`iframe[title="${title}"]`);
const stage = (page: Page, title: string) => sandbox(page, title).locator("main");
/** Whether the sandbox found the token good: "valid", "invalid", or "checking" while it asks. */
const tokenState = (page: Page, title: string) => stage(page, title).getAttribute("data-token");
/** The parameters the sandbox received, which it keeps out of the reader's sight. */
const paramsOf = async (page: Page, title: string) => JSON.parse((await stage(page, title).getAttribute("data-params")) ?? "{}") as Record<string, string>;

const sidebarRoutes = new Set(permissionGroups.flatMap((group) => group.items.map((item) => `/${item.key}`)));

/**
 * One header on every frame page (issue 16 item 3.9): the title in the top bar and nowhere else on
 * the console's page, with 返回 beside it where the page has one (off the sidebar, or declared).
 */
async function expectOneHeader(page: Page, tool: ToolDecl) {
  const header = page.locator("header.ant-layout-header");
  await header.getByText(tool.title, { exact: true }).waitFor();
  expect(await page.locator(".ant-layout-content").getByText(tool.title, { exact: true }).count(), tool.route).toBe(0);
  const withBack = !!tool.back || !sidebarRoutes.has(tool.route);
  expect(await header.getByRole("button", { name: "返回" }).count(), tool.route).toBe(withBack ? 1 : 0);
  expect(await page.getByRole("button", { name: /返\s*回/ }).count(), tool.route).toBe(withBack ? 1 : 0);
}

const toolNamed = (name: string) => tools.find((tool) => tool.name === name)!;

describe("embedded tool pages against the sandbox open platform", () => {
  it("frames the sandbox with a valid token and the route's parameters (/recordCut, /virtualAudio)", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.goto("/recordCut?liveId=7");
    const cut = stage(page, "录制剪辑");
    await expect.poll(() => tokenState(page, "录制剪辑"), { timeout: 20_000 }).toBe("valid");
    expect(await cut.getAttribute("data-tool")).toBe("recordCut");
    expect(await cut.getAttribute("data-path")).toBe("/record/cut");
    // The cinema-replay cut has no mode; the interaction-replay cut's address says mode=data (2 §2).
    expect(await paramsOf(page, "录制剪辑")).toEqual({ liveId: "7" });
    // An administrator reads what the tool is and that this is a stand-in, in Chinese, and nothing of the machinery.
    const words = await cut.innerText();
    expect(words).toContain("录制剪辑");
    expect(words).toContain(toolNamed("recordCut").summary);
    expect(words).toContain("这是本地替代页面");
    expect(words).toContain("已确认你可以使用此工具");
    expect(words).not.toMatch(/token|OPEN_PLATFORM_URL|机构|身份|子路径|recordCut|\/record/i);
    await expectOneHeader(page, toolNamed("recordCut"));
    await page.goto("/recordCut?liveId=7&mode=data");
    await expect.poll(() => paramsOf(page, "录制剪辑").catch(() => ({})), { timeout: 20_000 }).toEqual({ liveId: "7", mode: "data" });
    await screenshot(page, "tool-record-cut");

    await page.goto("/virtualAudio");
    const audio = page.locator('iframe[title="声音模型"]');
    await audio.waitFor();
    expect(await audio.getAttribute("allow")).toBe("microphone");
    await expect.poll(() => tokenState(page, "声音模型"), { timeout: 20_000 }).toBe("valid");
    expect((await paramsOf(page, "声音模型")).ts).toMatch(/^\d{13}$/);
    await expectOneHeader(page, toolNamed("virtualAudio"));
    await screenshot(page, "tool-virtual-audio");
  }, 120_000);

  it("opens every declared tool page onto the sandbox with a token for that tool", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    for (const tool of tools) {
      const query = (tool.params ?? []).map((p) => `${p.name}=1`).join("&");
      await page.goto(query ? `${tool.route}?${query}` : tool.route);
      await expect.poll(() => tokenState(page, tool.title), { timeout: 20_000, message: tool.route }).toBe("valid");
      expect(await stage(page, tool.title).getAttribute("data-tool"), tool.route).toBe(tool.name);
      expect(await stage(page, tool.title).getAttribute("data-path"), tool.route).toBe(tool.subPath);
      await expectOneHeader(page, tool);
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
    await expect.poll(() => tokenState(page, "数字人制作"), { timeout: 20_000 }).toBe("valid");
    await make.getByRole("button", { name: "模拟有未保存的内容" }).click();
    await make.getByText("已模拟：有未保存的内容").waitFor();

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
