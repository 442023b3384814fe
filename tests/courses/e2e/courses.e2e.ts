import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { utils, write } from "xlsx";
import { gradientPng } from "../../kernel/fixtures/png";
import { DAY, api, at, closeBrowser, newPage, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";

const workDir = mkdtempSync(path.join(tmpdir(), "lectern-courses-"));

afterAll(async () => {
  await closeBrowser();
  rmSync(workDir, { recursive: true, force: true });
});

/** A real 64×36 PNG, so the server's byte check has a true image to pass. */
function pngFile(): string {
  const file = path.join(workDir, "cover.png");
  writeFileSync(file, gradientPng(64, 36));
  return file;
}

function enrolSheet(rows: [string, string][]): string {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([["姓名", "手机号"], ...rows]), "学员");
  const file = path.join(workDir, "enrol.xlsx");
  writeFileSync(file, write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);
  return file;
}

const dialog = (page: Page, title: string | RegExp) => page.locator(".ant-modal:visible", { has: page.locator(".ant-modal-title", { hasText: title }) });
const fieldErrors = (scope: ReturnType<Page["locator"]>) => scope.locator(".ant-form-item-explain-error").allInnerTexts();

describe("course management on /courseop", () => {
  it("creates a course (after the 30-character message), with a cover, and enrols students from a sheet", async () => {
    const stamp = String(Date.now()).slice(-6);
    const title = `端到端课程${stamp}`;
    const page = await newPage();
    await signInAsAdmin(page);
    await page.locator(".ant-layout-sider").getByText("课程直播", { exact: true }).click();
    await page.getByRole("menuitem", { name: "课程管理" }).click();
    await page.waitForURL((u) => u.pathname === "/courseop");
    await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();

    // Create: a 31-character title is refused on its field, with the spec's words.
    await page.getByRole("button", { name: /创建课程/ }).click();
    const create = dialog(page, "创建课程");
    await create.getByPlaceholder("请输入课程名称").fill("课".repeat(31));
    await create.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => fieldErrors(create)).toContain("课程标题不能超过30字");
    await screenshot(page, "course-create-errors");

    await create.getByPlaceholder("请输入课程名称").fill(title);
    // A large class: the first type offered, 小班课, starts as 1对1 and would take one student of the sheet.
    await create.locator(".ant-select", { has: page.locator("#root_type") }).click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: /^大班课$/ }).click();
    const expiry = create.locator("#root_expire");
    await expiry.click();
    const expires = at(Date.now() + 400 * DAY);
    await expiry.fill(expires);
    await expiry.press("Enter");
    await expect.poll(() => expiry.inputValue()).toBe(expires);

    // The cover goes to the upload call and comes back as the preview.
    await create.locator("#root_headimg").setInputFiles(pngFile());
    const preview = create.getByRole("img", { name: "封面预览" });
    await expect.poll(() => preview.getAttribute("src"), { timeout: 15_000 }).toMatch(/\/uploads?\/.+\.png$/);
    await create.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => page.locator(".ant-message").innerText()).toContain("添加成功");
    await expect.poll(() => create.count()).toBe(0);

    const [created] = await api<{ Id: number; Title: string; HeadImg: string }[]>(page, `/cms/coursesearch?title=${encodeURIComponent(title)}&page=1&count=10`);
    expect(created.Title).toBe(title);
    expect(created.HeadImg).toMatch(/\.png$/);
    const cover = await page.request.get(created.HeadImg);
    expect(cover.headers()["content-type"]).toBe("image/png");

    // Enrol by sheet: two students of the organisation and one mobile that is not one.
    const students = await api<{ Name: string; Mobile: string }[]>(page, "/cms/student?page=1&count=2");
    const sheet = enrolSheet([
      [students[0].Name, students[0].Mobile],
      ["陌生人", "13312345678"],
      [students[1].Name, students[1].Mobile],
    ]);
    const row = page.locator(".ant-table-tbody tr.ant-table-row", { hasText: title });
    await row.getByRole("button", { name: "批量导入" }).click();
    const enrol = dialog(page, /批量导入/);
    await enrol.locator("input[type=file]").setInputFiles(sheet);
    await expect.poll(() => enrol.locator(".ant-table-row").count(), { timeout: 15_000 }).toBe(3);
    await enrol.getByRole("button", { name: /导\s*入/ }).click();

    // The refused row asks "msg，是否继续？"; 不再提示 and 确定 go on.
    const prompt = dialog(page, "提示");
    await expect.poll(() => prompt.innerText(), { timeout: 15_000 }).toMatch(/，是否继续？/);
    await screenshot(page, "course-enrol-prompt");
    await prompt.getByText("不再提示").click();
    await prompt.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => enrol.getByRole("status").innerText(), { timeout: 20_000 }).toBe("导入完成：成功 2 条，失败 1 条");
    await screenshot(page, "course-enrol-done");
    await enrol.getByRole("button", { name: "关 闭", exact: true }).click();

    // Student management shows the two in the course.
    await row.getByRole("button", { name: "学员管理" }).click();
    const roster = dialog(page, /学员管理/);
    const added = roster.locator(".ant-card", { hasText: "已添加学员" });
    await expect.poll(() => added.locator(".ant-table-row").allInnerTexts(), { timeout: 15_000 }).toHaveLength(2);
    const addedText = (await added.locator(".ant-table-row").allInnerTexts()).join("\n");
    expect(addedText).toContain(students[0].Mobile);
    expect(addedText).toContain(students[1].Mobile);
    await screenshot(page, "course-students");
    await page.context().close();
  });

  it("refuses a seventh student of 少儿美术小班 (小班课 of 6, full) and asks before 移除", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.goto("/courseop");
    await page.getByPlaceholder("请输入课程名称").fill("少儿美术小班");
    await page.keyboard.press("Enter");
    const row = page.locator(".ant-table-tbody tr.ant-table-row", { hasText: "少儿美术小班" }).first();
    await row.getByRole("button", { name: "学员管理" }).click();
    const roster = dialog(page, /学员管理/);
    const added = roster.locator(".ant-card", { hasText: "已添加学员" });
    await expect.poll(() => added.locator(".ant-card-head-title").innerText(), { timeout: 15_000 }).toBe("已添加学员（6/6）");
    await roster.locator(".ant-card", { hasText: "未添加学员" }).locator(".ant-table-row").first().getByRole("button", { name: /^添加/ }).click();
    await expect.poll(() => page.locator(".ant-message").innerText(), { timeout: 15_000 }).toContain("课程人数已满（最多6人）");
    expect(await added.locator(".ant-card-head-title").innerText()).toBe("已添加学员（6/6）");

    await added.locator(".ant-table-row").first().getByRole("button", { name: /^移除/ }).click();
    const confirm = page.locator(".ant-modal-confirm");
    await expect.poll(() => confirm.innerText()).toMatch(/确定将学员「.+」移出本课程吗？/);
    await screenshot(page, "course-students-remove-confirm");
    await confirm.getByRole("button", { name: /取\s*消/ }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await added.locator(".ant-card-head-title").innerText()).toBe("已添加学员（6/6）");
    await page.context().close();
  });
});
