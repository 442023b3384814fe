import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { homeOf } from "../../../resources/auth/auth";
import { closeBrowser, databaseBlindIt, newPage, outboxLast, outboxLength, phone, screenshot } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

/**
 * The portal as its people use it (issue 11 item 1, 5): the demo teacher, assistant and student land
 * on their calendar with today's lives; the student reads 我的课程 and 消息 and changes the password
 * and back; the teacher makes the calendar address and a calendar app fetching it gets their lives.
 */

const people = { teacher: "13800000001", assistant: "13800000002", student: "13800000003" } as const;
type Role = keyof typeof people;

async function signIn(page: Page, role: Role, password = "demo1234") {
  await page.goto("/login");
  const pane = page.locator("[role=tabpanel]:not([hidden])");
  await pane.getByPlaceholder("手机号").fill(people[role]);
  await pane.getByPlaceholder("密码").fill(password);
  await pane.getByRole("button", { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname === homeOf[role], { timeout: 30_000 });
}

const dayList = (page: Page) => page.locator(".ant-card").filter({ hasText: "今天的直播" });
const roomTitles = (page: Page) => dayList(page).locator(".ant-list-item-meta-title").allInnerTexts();
const toast = (page: Page) => page.locator(".ant-message");

describe("the portal", () => {
  it.each(Object.keys(people) as Role[])("lands the demo %s on the calendar with today's lives", async (role) => {
    const page = await newPage();
    await signIn(page, role);
    await expect.poll(() => roomTitles(page), { timeout: 20_000 }).toContainEqual(expect.stringMatching(/^高一数学·函数专题第\d+讲$/));
    // Today's in-progress live of the demo course can be entered; the calendar marks today.
    await expect.poll(() => dayList(page).getByRole("button", { name: "进入直播" }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator(".ant-picker-cell-today [aria-label=有直播]").count()).toBe(1);
    await screenshot(page, `portal-${role}-calendar`);
    await page.context().close();
  });

  it("lets the student read 我的课程 and 消息, and change the password and back", async () => {
    const page = await newPage();
    await signIn(page, "student");

    await page.getByRole("menuitem", { name: "我的课程" }).click();
    await page.waitForURL((u) => u.pathname === "/stuIndex/courses");
    // The course's row expands to a table of its rooms (the engine's, issue 17).
    const course = page.locator(".ant-tabs-tabpane-active .ant-table-row").filter({ hasText: "高一数学·函数专题" });
    await course.locator(".ant-table-row-expand-icon").click();
    const rooms = page.locator(".ant-tabs-tabpane-active .ant-table-expanded-row");
    await expect.poll(() => rooms.locator(".ant-table-row").count(), { timeout: 20_000 }).toBeGreaterThan(3);
    expect(await rooms.getByRole("button", { name: "观看回放" }).count()).toBeGreaterThan(0);
    await screenshot(page, "portal-student-courses");
    await page.getByRole("tab", { name: "已结束" }).click();
    await page.waitForURL((u) => u.searchParams.get("tab") === "ended");
    await expect.poll(() => page.locator(".ant-tabs-tabpane-active .ant-table-row").allInnerTexts()).toContainEqual(expect.stringContaining("高考冲刺·英语"));

    await page.getByRole("menuitem", { name: "消息" }).click();
    await page.waitForURL((u) => u.pathname === "/stuIndex/message");
    await page.getByRole("link", { name: "示例学校" }).click();
    await expect.poll(() => page.getByText("请老师们在课前十分钟进入直播间调试设备。").count(), { timeout: 20_000 }).toBe(1);
    await screenshot(page, "portal-student-messages");

    await page.goto("/stuIndex/userinfo");
    const form = page.locator("#portal-password");
    const change = async (from: string, to: string) => {
      await form.getByPlaceholder("请输入旧密码").fill(from);
      await form.getByPlaceholder("6-16位字母和数字").fill(to);
      await form.getByPlaceholder("再次输入新密码").fill(to);
      await form.getByRole("button", { name: "修改密码" }).click();
    };
    await form.getByRole("button", { name: "修改密码" }).click();
    await expect.poll(() => form.locator(".ant-form-item-explain-error").allInnerTexts()).toEqual(["输入不能为空", "输入不能为空", "输入不能为空"]);
    await change("demo1234", "demo5678x");
    await expect.poll(() => toast(page).innerText()).toContain("修改成功");
    await screenshot(page, "portal-student-password-changed");
    // This session stays; a new sign-in takes the new password. Then back to the demo's.
    const again = await newPage();
    await signIn(again, "student", "demo5678x");
    await again.context().close();
    await change("demo5678x", "demo1234");
    await expect.poll(() => toast(page).locator(".ant-message-notice").count()).toBeGreaterThan(0);
    await expect.poll(() => form.getByPlaceholder("请输入旧密码").inputValue()).toBe("");
    await page.context().close();
    const back = await newPage();
    await signIn(back, "student");
    await back.context().close();
  });

  it("lets the student move the sign-in phone by an SMS code, behind the graphic captcha, and back", async () => {
    const page = await newPage();
    await signIn(page, "student");
    await page.goto("/stuIndex/userinfo?tab=phone");
    const form = page.locator("#portal-phone");
    const move = async (from: string, to: string) => {
      const before = outboxLength();
      await form.getByPlaceholder("请输入手机号").fill(to);
      await form.getByRole("button", { name: "获取验证码" }).click();
      // The first ask shows this mobile's captcha image and asks for its answer.
      await expect.poll(() => form.locator(".ant-form-item-explain-error").allInnerTexts()).toEqual(["请输入验证码"]);
      await form.getByPlaceholder("图形验证码").fill((await outboxLast("captcha", to, before)).answer!);
      await form.getByRole("button", { name: "获取验证码" }).click();
      await expect.poll(() => form.getByRole("button", { name: /秒后重新获取$/ }).count()).toBe(1);
      await form.getByPlaceholder("请输入验证码").fill((await outboxLast("sms", to, before)).code!);
      await form.getByRole("button", { name: "修改手机号" }).click();
      await expect.poll(() => page.locator(".ant-descriptions").innerText()).toContain(to);
      expect(await page.locator(".ant-descriptions").innerText()).not.toContain(from);
    };
    await move(people.student, "13866660003");
    await screenshot(page, "portal-student-phone-changed");
    // A change done leaves a fresh form: no captcha image, no 60 s wait for the next mobile.
    expect(await form.getByRole("img", { name: "图形验证码" }).count()).toBe(0);
    await move("13866660003", people.student);
    await page.context().close();
  });

  it("gives the teacher a calendar address whose feed holds their lives", async () => {
    const page = await newPage();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, "teacher");
    await expect.poll(() => roomTitles(page), { timeout: 20_000 }).not.toEqual([]);
    const titles = await roomTitles(page);
    await page.getByRole("button", { name: "生成订阅地址" }).click();
    const field = page.getByRole("textbox", { name: "日历订阅地址" });
    await field.waitFor();
    await page.getByRole("button", { name: /复\s*制/ }).click();
    await expect.poll(() => toast(page).innerText()).toContain("复制成功");
    const address = await page.evaluate(() => navigator.clipboard.readText());
    expect(address).toBe(await field.inputValue());
    expect(address).toMatch(/^http:\/\/.+\/api\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await screenshot(page, "portal-teacher-calendar-address");

    // A calendar app: no cookie, just the address.
    const feed = await fetch(address);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await feed.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const unfolded = text.replace(/\r\n[ \t]/g, "");
    for (const title of titles) expect(unfolded).toContain(`SUMMARY:${title.replace(/[,;]/g, (c) => `\\${c}`)}`);
    await page.context().close();
  });
});

describe("the portal on a phone (390×844)", () => {
  /** How far the page reaches past the window's right edge: 0 when nothing has to be scrolled sideways. */
  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  databaseBlindIt("gives the student a drawer menu, the month's lives as a list from today, and no sideways scrolling", async () => {
    const page = await newPage(phone);
    await signIn(page, "student");
    const lives = page.locator(".ant-list-item-meta-title");
    await expect.poll(() => lives.allInnerTexts(), { timeout: 20_000 }).toContainEqual(expect.stringMatching(/^高一数学·函数专题第\d+讲$/));
    // No sidebar beside the content, and no month grid: a list, under a month title on one line.
    expect(await page.locator(".ant-layout-sider").count()).toBe(0);
    expect(await page.locator(".ant-picker-calendar").count()).toBe(0);
    const month = page.getByText(/^\d{4}年\d{1,2}月$/);
    expect((await month.boundingBox())!.height).toBeLessThan(30);
    expect(await overflow(page)).toBe(0);
    await screenshot(page, "portal-phone-calendar");

    await page.getByRole("button", { name: "菜单" }).click();
    const drawer = page.locator(".ant-drawer-content");
    await drawer.getByRole("menuitem", { name: "我的课程" }).waitFor();
    await screenshot(page, "portal-phone-drawer");
    await drawer.getByRole("menuitem", { name: "我的课程" }).click();
    await page.waitForURL((u) => u.pathname === "/stuIndex/courses");
    await drawer.waitFor({ state: "hidden" });
    await page.locator(".ant-table-row").first().waitFor();
    expect(await overflow(page)).toBe(0);
    await screenshot(page, "portal-phone-courses");

    for (const [child, shown] of [
      ["message", page.getByText("消息分组")],
      ["userinfo", page.getByRole("button", { name: "修改密码" })],
    ] as const) {
      await page.goto(`/stuIndex/${child}`);
      await shown.waitFor();
      expect(await overflow(page), child).toBe(0);
    }
    await screenshot(page, "portal-phone-userinfo");
    await page.context().close();
  }, 120_000);
});

