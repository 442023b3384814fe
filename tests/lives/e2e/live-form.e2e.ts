import type { Page, Response } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import type { LiveConflict } from "../../../resources/lives/live-api";
import type { GroupConfig } from "../../../resources/lives/live-config";
import { DAY, HOUR, api, at, axeFindings, closeBrowser, newPage, screenshot, signInAsAdmin, typeTime } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

/**
 * Writing lives as the demo admin (issue 10): the group defaults on /liveSetting, a live of a
 * large class on /createLive with the schedule-conflict warning, a simulated-live template and a
 * simulated live from it, and /changeLive of a future live.
 */


interface Person {
  Id: number;
  Name: string;
}

async function demoCourse(page: Page) {
  const courses = await api<{ Id: number; Type: number }[]>(page, `/cms/coursesearch?page=1&count=10&title=${encodeURIComponent("高一数学·函数专题")}`);
  return courses[0];
}

/** Picks a person in a staff picker, searching by name as a person would among a school's staff. */
async function pickPerson(page: Page, id: string, name: string) {
  await page.locator(`#${id}`).click();
  await page.locator(`#${id}`).fill(name);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: name }).first().click();
  await page.keyboard.press("Escape");
}

const formReady = (page: Page) => page.locator("form .live-config").waitFor({ timeout: 30_000 });
const toast = (page: Page, text: string) => page.locator(".ant-message", { hasText: text }).waitFor({ timeout: 20_000 });
const saveButton = (page: Page) => page.locator(".ant-card-body > div > .ant-space").getByRole("button", { name: /确\s*定/ });

describe("writing lives as the demo admin", () => {
  let page: Page;
  let teacher: Person;
  let createdId: number;

  it("/liveSetting: changes a default and fixes the layout for every new live", async () => {
    page = await newPage();
    await signInAsAdmin(page);
    teacher = (await api<Person[]>(page, "/cms/teacher?page=1&count=1000")).find((t) => t.Name === "李老师")!;
    await page.goto("/liveSetting");
    await page.getByText("允许自由设置").first().waitFor({ timeout: 30_000 });
    const confirm = page.getByRole("button", { name: /确\s*定/ });
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByRole("radiogroup", { name: "布局" }).getByText("经典").click();
    await page.locator(".live-config-row", { hasText: "布局" }).getByText("允许自由设置").click();
    const student = page.getByLabel("学生提前进入时间（分钟）");
    await student.fill("45");
    // Leaving the box settles the time (Enter would also send the form, as in every form).
    await student.press("Tab");
    await screenshot(page, "live-setting-changed");
    await confirm.click();
    await toast(page, "配置修改成功，新创建直播会使用最新配置");
    const saved = JSON.parse((await api<{ config: string }>(page, "/cms/groupconfig")).config) as GroupConfig;
    expect(saved).toMatchObject({ layout: "2", stuEnterTs: "45", liveConfigPermissions: { layoutSetting: "0" } });
    expect(await confirm.isDisabled()).toBe(true);
  });

  it("/createLive: warns of the demo teacher's clashing live, saves anyway, and returns to the course's lives", async () => {
    const course = await demoCourse(page);
    const start = Math.ceil((Date.now() + 3 * DAY) / HOUR) * HOUR;
    // The demo teacher already teaches then.
    const clash = await page.request.post("/cms/live", {
      data: { courseid: course.Id, title: "已排的函数课", begintime: at(start), endtime: at(start + 2 * HOUR), teachers: JSON.stringify([{ account: teacher.Id, name: teacher.Name }]) },
    });
    expect((await clash.json()).code).toBe(0);

    await page.goto(`/createLive?courseId=${course.Id}&courseType=${course.Type}`);
    await formReady(page);
    // The group fixed the layout: 经典, disabled.
    const layout = page.getByRole("radiogroup", { name: "布局" });
    expect(await layout.getByRole("radio", { name: "经典" }).isChecked()).toBe(true);
    expect(await layout.getByRole("radio", { name: "现代" }).isDisabled()).toBe(true);
    expect(await page.getByLabel("学生提前进入时间（分钟）").inputValue()).toBe("45");

    await page.locator("#root_title").fill("端到端直播·函数复习");
    await typeTime(page, "root_begintime", at(start + HOUR));
    await page.getByRole("button", { name: "1小时" }).click();
    await expect.poll(() => page.locator("#root_endtime").inputValue()).toBe(at(start + 2 * HOUR));
    await pickPerson(page, "root_teachers", "李老师");
    const warning = page.locator(".ant-alert-warning");
    await warning.waitFor({ timeout: 20_000 });
    expect(await warning.innerText()).toContain(`「已排的函数课」 ${at(start)} ~ ${at(start + 2 * HOUR)}（李老师）`);
    await screenshot(page, "live-create-conflict");
    expect(await axeFindings(page)).toEqual([]);

    const answer = page.waitForResponse((r: Response) => r.url().endsWith("/cms/live") && r.request().method() === "POST");
    await saveButton(page).click();
    const body = (await (await answer).json()) as { code: number; data: { Id: number } };
    expect(body.code).toBe(0);
    createdId = body.data.Id;
    await toast(page, "添加成功");
    await page.waitForURL((u) => u.pathname === "/liveCourse" && u.searchParams.get("courseId") === String(course.Id), { timeout: 20_000 });
    // The live is there: the same question now names it too.
    const now = await api<LiveConflict[]>(page, `/cms/liveconflicts?begintime=${encodeURIComponent(at(start))}&endtime=${encodeURIComponent(at(start + 3 * HOUR))}&teachers=${encodeURIComponent(JSON.stringify([{ account: teacher.Id }]))}`);
    expect(now.map((c) => c.Title)).toContain("端到端直播·函数复习");
  });

  it("/createFzLive, then a simulated live from the new template (after its confirmation)", async () => {
    await page.goto("/createFzLive");
    await page.locator("#root_title").waitFor({ timeout: 30_000 });
    await page.locator("#root_title").fill("端到端仿真模板");
    // A day a month back: the template form takes a past day.
    const patternDay = Math.floor((Date.now() - 30 * DAY) / DAY) * DAY;
    await typeTime(page, "root_begintime", at(patternDay + 11 * HOUR));
    await typeTime(page, "root_endtime", at(patternDay + 12.5 * HOUR));
    await pickPerson(page, "root_teachers", "李老师");
    await screenshot(page, "template-create");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await toast(page, "添加成功");
    await page.waitForURL((u) => u.pathname === "/fzLiveTemplate");
    await page.locator(".ant-table-row", { hasText: "端到端仿真模板" }).waitFor({ timeout: 20_000 });
    await screenshot(page, "template-list");

    const course = await demoCourse(page);
    await page.goto(`/createLive?courseId=${course.Id}&courseType=${course.Type}`);
    await formReady(page);
    await page.locator("#root_title").fill("端到端仿真直播");
    const start = Math.ceil((Date.now() + 5 * DAY) / HOUR) * HOUR;
    await typeTime(page, "root_begintime", at(start));
    await page.getByRole("button", { name: "2小时" }).click();
    await page.getByRole("button", { name: "选择仿真直播模板" }).click();
    const picker = page.locator(".ant-modal:visible");
    await picker.getByPlaceholder("请输入模板名称").fill("端到端");
    await picker.getByRole("button", { name: /搜\s*索/ }).click();
    await picker.locator(".ant-table-row", { hasText: "端到端仿真模板" }).waitFor({ timeout: 20_000 });
    await screenshot(page, "template-picker");
    expect(await axeFindings(page)).toEqual([]);
    await picker.getByRole("button", { name: "选择" }).click();
    await page.locator(".ant-tag", { hasText: "端到端仿真模板" }).waitFor();
    await saveButton(page).click();
    const confirm = page.locator(".ant-modal-confirm");
    await confirm.getByText("确认创建该直播为仿真直播，一旦创建不可修改直播类型").waitFor();
    await screenshot(page, "simulated-confirm");
    const answer = page.waitForResponse((r: Response) => r.url().endsWith("/cms/live") && r.request().method() === "POST");
    await confirm.getByRole("button", { name: /确\s*定/ }).click();
    const body = (await (await answer).json()) as { code: number; data: { LiveType: number; Emulateid: number } };
    expect(body).toMatchObject({ code: 0, data: { LiveType: 101 } });
    expect(body.data.Emulateid).toBeGreaterThan(0);
    await toast(page, "添加成功");
  });

  it("/changeLive of a future live: changes its title and keeps its template-free type", async () => {
    const course = await demoCourse(page);
    await page.goto(`/changeLive?liveId=${createdId}&courseType=${course.Type}&courseId=${course.Id}`);
    await formReady(page);
    await expect.poll(() => page.locator("#root_title").inputValue()).toBe("端到端直播·函数复习");
    expect(await page.locator("#root_begintime").isDisabled()).toBe(false);
    await page.locator("#root_title").fill("端到端直播·函数复习（调整）");
    await screenshot(page, "live-change");
    const answer = page.waitForResponse((r: Response) => r.url().endsWith("/cms/live") && r.request().method() === "PATCH");
    await saveButton(page).click();
    expect(((await (await answer).json()) as { code: number; data: { Title: string; LiveType: number } }).data).toMatchObject({ Title: "端到端直播·函数复习（调整）", LiveType: 1 });
    await toast(page, "修改成功");
  });
});
