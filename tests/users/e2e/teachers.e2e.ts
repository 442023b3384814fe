import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { closeBrowser, newPage, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

const landsOn = (page: Page, pathname: string) => page.waitForURL((u) => u.pathname === pathname, { timeout: 20_000 });

const dialog = (page: Page) => page.locator(".ant-modal:visible").last();
const toast = (page: Page) => page.locator(".ant-message");
const firstNames = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row td:first-child").allInnerTexts();

async function search(page: Page, text: string) {
  await page.getByPlaceholder("请输入姓名或手机号").fill(text);
  await page.getByRole("button", { name: /搜\s*索/ }).click();
  await page.waitForURL((u) => u.searchParams.get("key") === text);
}

describe("teachers, generated from resources/users/teacher.ts and schemas/users/teacher.*", () => {
  it("adds, edits, finds and deletes a teacher", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.locator(".ant-layout-sider").getByText("用户管理", { exact: true }).click();
    await page.getByRole("menuitem", { name: "老师管理" }).click();
    await landsOn(page, "/teacherop");
    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();

    // Add: an empty submit names the first missing field first.
    await page.getByRole("button", { name: /添\s*加/ }).click();
    await expect.poll(() => dialog(page).locator(".ant-modal-title").innerText()).toBe("添加老师");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("placeholder"))).toBe("请输入姓名");
    await dialog(page).getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog(page).locator(".ant-form-item-explain-error").allInnerTexts()).toEqual(["请填写用户名", "请填写手机号", "请填写默认密码"]);
    await screenshot(page, "teacher-add-errors");

    const suffix = String(Date.now()).slice(-7);
    const name = `测试老师${suffix}`;
    const mobile = `1365${suffix}`;
    await dialog(page).getByPlaceholder("请输入姓名").fill(name);
    await dialog(page).getByPlaceholder("请输入手机号").fill("1365");
    await dialog(page).getByPlaceholder("请输入默认密码").fill("abc123");
    await expect.poll(() => dialog(page).locator(".ant-form-item-explain-error").allInnerTexts()).toEqual(["请填写正确的手机号"]);
    await dialog(page).getByPlaceholder("请输入手机号").fill(mobile);
    await dialog(page).getByPlaceholder("请输入手机号").press("Enter");
    await expect.poll(() => toast(page).innerText()).toContain("添加成功");
    await expect.poll(() => page.locator(".ant-modal:visible").count()).toBe(0);
    await expect.poll(() => firstNames(page)).toContain(name);

    // Find it by a piece of its name, then edit it.
    await search(page, suffix.slice(-4));
    await expect.poll(() => firstNames(page)).toEqual([name]);
    await page.locator(".ant-table-tbody tr.ant-table-row").getByRole("button", { name: /修\s*改/ }).click();
    await expect.poll(() => dialog(page).locator(".ant-modal-title").innerText()).toBe("修改老师");
    expect(await dialog(page).getByPlaceholder("请输入姓名").inputValue()).toBe(name);
    await dialog(page).getByPlaceholder("请输入姓名").fill("");
    await dialog(page).getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => dialog(page).locator(".ant-form-item-explain-error").allInnerTexts()).toEqual(["用户名不能为空"]);
    const renamed = `${name}改`;
    await dialog(page).getByPlaceholder("请输入姓名").fill(renamed);
    await dialog(page).getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page).innerText()).toContain("修改成功");
    await expect.poll(() => firstNames(page)).toEqual([renamed]);

    // Search by the mobile, then delete with the 提示 confirmation.
    await search(page, mobile);
    await expect.poll(() => firstNames(page)).toEqual([renamed]);
    await page.locator(".ant-table-tbody tr.ant-table-row").getByRole("button", { name: /删\s*除/ }).click();
    const confirm = page.locator(".ant-modal-confirm");
    await expect.poll(() => confirm.locator(".ant-modal-confirm-title").innerText()).toBe("提示");
    expect(await confirm.locator(".ant-modal-confirm-content").innerText()).toBe(`确定删除老师「${renamed}」吗？`);
    await page.waitForTimeout(400); // the confirmation's opening animation
    await screenshot(page, "teacher-delete-confirm");
    await confirm.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => toast(page).innerText()).toContain("删除成功");
    await expect.poll(() => page.locator(".ant-empty").innerText()).toContain(`没有找到与「${mobile}」匹配的老师`);

    // Reload keeps the place: the search key stays in the URL and the box.
    await page.reload();
    await expect.poll(() => page.getByPlaceholder("请输入姓名或手机号").inputValue()).toBe(mobile);
    await page.context().close();
  });
});
