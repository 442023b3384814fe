import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { axeViolations } from "../../kernel/e2e/axe";
import { closeBrowser, newPage, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

const dialog = (page: Page) => page.locator(".ant-modal:visible").last();
const toast = (page: Page) => page.locator(".ant-message");
const rowOf = (page: Page, name: string) => page.locator(".ant-table-tbody tr.ant-table-row", { hasText: name });

/** Serious and critical WCAG 2 A/AA findings inside `selector`. */
async function axeFindings(page: Page, selector: string) {
  return (await axeViolations(page, { include: selector, tags: ["wcag2a", "wcag2aa"] })).filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`);
}

describe("变更记录 and the command palette", () => {
  it("shows a teacher's rename as before → after, in its row's drawer and in the organisation's log", async () => {
    const page = await newPage();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page);
    await page.goto("/teacherop");
    const suffix = String(Date.now()).slice(-7);
    const name = `审计老师${suffix}`;
    const renamed = `${name}改`;

    await page.getByRole("button", { name: /添\s*加/ }).click();
    await dialog(page).getByPlaceholder("请输入姓名").fill(name);
    await dialog(page).getByPlaceholder("请输入手机号").fill(`1364${suffix}`);
    await dialog(page).getByPlaceholder("请输入默认密码").fill("abc123");
    await dialog(page).getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page).innerText()).toContain("添加成功");
    await rowOf(page, name).waitFor();

    await rowOf(page, name).getByRole("button", { name: /修\s*改/ }).click();
    await dialog(page).getByPlaceholder("请输入姓名").fill(renamed);
    await dialog(page).getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page).innerText()).toContain("修改成功");
    await rowOf(page, renamed).waitFor();

    await rowOf(page, renamed).getByRole("button", { name: "变更记录" }).click();
    const drawer = page.locator(".ant-drawer-open");
    await expect.poll(() => drawer.locator(".ant-drawer-title").innerText()).toBe(`变更记录：${renamed}`);
    const latest = drawer.getByRole("listitem").first();
    // The drawer's items are laid out before their text lands: wait on the words.
    await expect.poll(() => latest.innerText()).toContain("修改");
    expect(await latest.locator("del").innerText()).toBe(name);
    expect(await latest.locator("ins").innerText()).toBe(renamed);
    await expect.poll(() => drawer.getByRole("listitem").nth(1).innerText()).toContain("新增");
    expect(await axeFindings(page, ".ant-drawer-open")).toEqual([]);
    await screenshot(page, "audit-drawer");
    await page.keyboard.press("Escape");

    // The main admin's log of the organisation, narrowed to changes.
    await page.goto("/auditLog?action=update");
    await expect.poll(() => page.locator(".ant-table-tbody tr.ant-table-row").first().innerText()).toContain("老师管理");
    await screenshot(page, "audit-log");
  }, 180_000);

  it("opens a page and finds a record from Ctrl+K, keyboard only, with no serious accessibility finding", async () => {
    const page = await newPage();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page);
    await page.locator(".ant-layout-sider").getByText("用户管理", { exact: true }).waitFor();
    await page.keyboard.press("Control+k");
    const input = page.getByRole("combobox", { name: "搜索页面或记录" });
    await expect.poll(() => input.evaluate((node) => node === document.activeElement)).toBe(true);

    await input.fill("学生管理");
    await expect.poll(() => page.getByRole("option").first().innerText()).toContain("学生管理");
    expect(await axeFindings(page, ".ant-modal")).toEqual([]);
    await screenshot(page, "command-palette");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/studentop");

    // A teacher found by name opens the teacher's detail page.
    const teacherName = (await page.request.get("/cms/teacher?page=1&count=1").then((r) => r.json())).data[0].Name as string;
    await page.keyboard.press("Control+k");
    await input.fill(teacherName);
    const hit = page.getByRole("option", { name: new RegExp(teacherName) }).first();
    await hit.waitFor();
    while ((await hit.getAttribute("aria-selected")) !== "true") await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname === "/teacherInfo");
    await page.keyboard.press("Control+k");
    await expect.poll(() => input.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.locator(".ant-modal:visible").count()).toBe(0);
  }, 180_000);
});
