import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { utils, write } from "xlsx";
import { api, closeBrowser, newPage, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";

const workDir = mkdtempSync(path.join(tmpdir(), "lectern-import-"));

afterAll(async () => {
  await closeBrowser();
  rmSync(workDir, { recursive: true, force: true });
});

const rowTexts = (page: Page) => page.locator(".ant-table-tbody tr.ant-table-row").allInnerTexts();

/** Ended lives only: the status filter sends 2 and every row says 已结束. */
async function showEnded(page: Page) {
  await page.locator("#status").click();
  await page.locator(".ant-select-item-option", { hasText: "已结束" }).click();
  await page.getByRole("button", { name: /查\s*询/ }).click();
  await page.waitForURL((u) => u.searchParams.get("status") === "2");
  await expect.poll(async () => (await rowTexts(page)).every((row) => row.includes("已结束")), { timeout: 10_000 }).toBe(true);
}

describe("the teacher and student detail pages", () => {
  it("shows the seeded teacher 13800000001: header, stats as the server counts them, and the lives", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    const [teacher] = await api<{ Id: number }[]>(page, "/cms/teachersearch?key=13800000001&count=10&page=1");
    const stats = await api<Record<string, number>>(page, `/userstat/teachercourselivestat?userid=${teacher.Id}`);
    expect(stats.liveTotal).toBeGreaterThan(0);

    await page.goto(`/teacherInfo?teacherId=${teacher.Id}`);
    const summary = () => page.locator(".ant-card").first().innerText();
    await expect.poll(summary, { timeout: 15_000 }).toContain("李老师");
    // Each stat card loads on its own: wait for the figures themselves, as a person reads them.
    await expect.poll(summary).toContain("手机号：13800000001");
    await expect.poll(summary).toContain(`${stats.courseDo}/${stats.courseTotal}`);
    await expect.poll(summary).toContain(`${stats.liveDo}/${stats.liveTotal}`);
    await expect.poll(summary).toMatch(new RegExp(`出勤\\s*${stats["check-do"]}\\s*次`));
    await expect.poll(() => page.getByText(/^直播数量：\d+$/).innerText()).not.toBe("直播数量：0");
    expect((await rowTexts(page)).length).toBe(10);
    await screenshot(page, "teacher-info");

    await showEnded(page);
    await expect.poll(() => page.getByText(/^直播数量：\d+$/).innerText()).not.toBe("直播数量：0");
    await page.context().close();
  });

  it("shows the seeded student 13800000003 and goes back to the list", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    const lives = await api<{ liveDo: number; liveTotal: number }>(page, "/userstat/userlivestat?mobile=13800000003");
    const courses = await api<{ courseDo: number; courseTotal: number }>(page, "/userstat/usercoursestat?mobile=13800000003");

    await page.goto("/studentInfo?mobile=13800000003");
    const summary = () => page.locator(".ant-card").first().innerText();
    await expect.poll(summary, { timeout: 15_000 }).toContain("赵同学");
    // Each stat card loads on its own: wait for the figures themselves, as a person reads them.
    await expect.poll(summary).toContain(`${courses.courseDo}/${courses.courseTotal}`);
    await expect.poll(summary).toContain(`${lives.liveDo}/${lives.liveTotal}`);
    await expect.poll(async () => (await rowTexts(page)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    // What the student watched shows on lives that have ended; other files add lives to come.
    await showEnded(page);
    expect((await rowTexts(page)).join("\n")).toMatch(/\d+秒/);
    await screenshot(page, "student-info");

    await page.locator(".ant-card-extra").getByRole("button", { name: /返\s*回/ }).click();
    await page.waitForURL((u) => u.pathname === "/studentop");
    await page.context().close();
  });
});

describe("the student batch import on /studentop", () => {
  it("imports a sheet row by row: two students created, the bad phone flagged", async () => {
    const stamp = String(Date.now()).slice(-7);
    const good = [`1391${stamp}`, `1392${stamp}`];
    const book = utils.book_new();
    utils.book_append_sheet(
      book,
      utils.aoa_to_sheet([
        ["姓名", "密码", "手机号", "备注"],
        ["导入甲", "pass1234", good[0], "一班"],
        ["导入乙", "pass1234", "1380000", "一班"],
        ["导入丙", "pass1234", Number(good[1]), "二班"],
      ]),
      "学生",
    );
    const file = path.join(workDir, "students.xlsx");
    writeFileSync(file, write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);

    const page = await newPage();
    await signInAsAdmin(page);
    await page.goto("/studentop");
    await page.getByRole("button", { name: /批量导入/ }).click();
    const dialog = page.locator(".ant-modal", { hasText: "批量导入学生" });
    await dialog.locator("input[type=file]").setInputFiles(file);
    await expect.poll(() => dialog.locator(".ant-table-row").count(), { timeout: 15_000 }).toBe(3);
    await dialog.getByRole("button", { name: /导\s*入/ }).click();
    await expect.poll(() => dialog.getByRole("status").innerText(), { timeout: 20_000 }).toBe("导入完成：成功 2 条，失败 1 条");
    const results = await dialog.locator(".ant-table-row td:last-child").allInnerTexts();
    expect(results[0]).toContain("成功");
    expect(results[1]).toContain("手机号格式不对");
    expect(results[2]).toContain("成功");
    await screenshot(page, "student-import-done");

    for (const mobile of good) {
      const found = await api<{ Mobile: string }[]>(page, `/cms/studentsearch?key=${mobile}&count=10&page=1`);
      expect(found.map((row) => row.Mobile)).toEqual([mobile]);
    }
    await dialog.getByRole("button", { name: "关 闭", exact: true }).click();
    await page.context().close();
  });
});
