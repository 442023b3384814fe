import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { closeBrowser, databaseBlindIt, newPage, outboxLast, outboxLength, screenshot } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

const pane = (page: Page) => page.locator("[role=tabpanel]:not([hidden])");

async function passwordLogin(page: Page, mobile: string, passwd = "demo1234") {
  await page.goto("/login");
  await pane(page).getByPlaceholder("手机号").fill(mobile);
  await pane(page).getByPlaceholder("密码").fill(passwd);
  await pane(page).getByRole("button", { name: /登\s*录/ }).click();
}

const landsOn = (page: Page, pathname: string) => page.waitForURL((u) => u.pathname === pathname, { timeout: 20_000 });

/** The mobile the captcha image on screen was drawn for, once the browser has loaded it. */
const captchaShown = (page: Page) =>
  pane(page)
    .getByAltText("图形验证码")
    .evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? new URL(img.src).searchParams.get("mobile") : null));

describe("every demo account signs in through the login page and lands in its shell", () => {
  const singles: [string, string, string][] = [
    ["13800000000", "/", "main admin"],
    ["13800000001", "/teaIndex", "teacher"],
    ["13800000002", "/assistantIndex", "assistant"],
    ["13800000003", "/stuIndex", "student"],
    ["13800000004", "/", "sub-admin"],
    ["13900000000", "/", "second school's admin"],
  ];

  for (const [mobile, home, who] of singles)
    it(`${who} (${mobile}) enters ${home} directly`, async () => {
      const page = await newPage();
      await passwordLogin(page, mobile);
      await landsOn(page, home);
      // The shell has drawn its menu: the admin's names the organisation, a portal's has 今日课程.
      const expected = home === "/" ? (mobile === "13900000000" ? "第二学校" : "示例学校") : "今日课程";
      await expect.poll(() => page.locator(".ant-layout-sider").innerText(), { timeout: 10_000 }).toContain(expected);
      await screenshot(page, `shell-${mobile}`);
      await page.context().close();
    });

  it("the two-identity account chooses on /identity and enters the teacher portal", async () => {
    const page = await newPage();
    await passwordLogin(page, "13800000009");
    await landsOn(page, "/identity");
    await expect.poll(() => page.locator(".ant-card").count()).toBe(2);
    const text = await page.locator("body").innerText();
    expect(text).toContain("我是机构");
    expect(text).toContain("我是老师");
    await screenshot(page, "identity-two-cards");
    const teacherCard = page.locator(".ant-card", { hasText: "我是老师" });
    await teacherCard.getByRole("radio").first().check();
    await teacherCard.getByRole("button").click();
    await landsOn(page, "/teaIndex");
    await page.context().close();
  });
});

describe("the sign-in rules a person meets", () => {
  databaseBlindIt("asks for the phone and password before calling the server", async () => {
    const page = await newPage();
    await page.goto("/login");
    await pane(page).getByRole("button", { name: /登\s*录/ }).click();
    await expect.poll(() => pane(page).innerText()).toContain("请输入手机号");
    expect(await pane(page).innerText()).toContain("请输入密码");
    await page.context().close();
  });

  it("shows the captcha after a wrong password and signs in with the answer from the outbox", async () => {
    const page = await newPage();
    await passwordLogin(page, "13800000002", "wrong-password");
    await expect.poll(() => page.locator(".ant-message").innerText()).toContain("用户名或密码错误");
    const captcha = pane(page).getByPlaceholder("图形验证码");
    await captcha.waitFor();
    await screenshot(page, "login-captcha");
    // The image shown is the newest captcha issued for this mobile.
    await page.waitForLoadState("networkidle");
    const { answer } = await outboxLast("captcha", "13800000002");
    await pane(page).getByPlaceholder("密码").fill("demo1234");
    await captcha.fill(answer!);
    await pane(page).getByRole("button", { name: /登\s*录/ }).click();
    await landsOn(page, "/assistantIndex");
    await page.context().close();
  });

  it("asks a fresh browser for the captcha an earlier failure elsewhere requires, without calling it wrong", async () => {
    const mobile = "13800000009";
    const elsewhere = await newPage();
    await passwordLogin(elsewhere, mobile, "wrong-password");
    await expect.poll(() => elsewhere.locator(".ant-message").innerText()).toContain("用户名或密码错误");
    await elsewhere.context().close();

    const page = await newPage();
    await passwordLogin(page, mobile);
    const captcha = pane(page).getByPlaceholder("图形验证码");
    await captcha.waitFor();
    await expect.poll(() => pane(page).locator(".ant-form-item-explain-error").allInnerTexts()).toEqual(["请输入验证码"]);
    expect(await page.getByText("验证码错误", { exact: true }).count()).toBe(0);
    await screenshot(page, "login-captcha-needed");
    await expect.poll(async () => (await captchaShown(page)) === mobile).toBe(true);
    const { answer } = await outboxLast("captcha", mobile);
    await captcha.fill(answer!);
    await pane(page).getByRole("button", { name: /登\s*录/ }).click();
    await landsOn(page, "/identity");
    await page.context().close();
  });

  databaseBlindIt("gives each field of the login page its own id", async () => {
    const page = await newPage();
    await page.goto("/login");
    await page.getByRole("tab", { name: "手机快捷登录" }).click();
    await pane(page).getByPlaceholder("短信验证码").waitFor();
    const ids = await page.evaluate(() => [...document.querySelectorAll("[id]")].map((node) => node.id));
    expect(ids.filter((id) => id === "mobile")).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    await page.context().close();
  });

  it("requests the quick-login code with the captcha of the corrected phone the first time", async () => {
    const page = await newPage();
    await page.goto("/login");
    await page.getByRole("tab", { name: "手机快捷登录" }).click();
    await pane(page).getByPlaceholder("手机号").fill("1380000");
    await pane(page).getByRole("button", { name: "获取验证码" }).click();
    const captcha = pane(page).getByPlaceholder("图形验证码");
    await captcha.waitFor();
    await expect.poll(() => captchaShown(page)).toBe("1380000");
    await pane(page).getByPlaceholder("手机号").fill("13800000004");
    // The image follows the phone; the person types what it shows.
    await expect.poll(() => captchaShown(page), { timeout: 10_000 }).toBe("13800000004");
    const { answer } = await outboxLast("captcha", "13800000004");
    const before = outboxLength();
    await captcha.fill(answer!);
    await pane(page).getByRole("button", { name: "获取验证码" }).click();
    await expect.poll(() => pane(page).innerText()).toMatch(/\d+秒后重新获取/);
    expect((await outboxLast("sms", "13800000004", before)).purpose).toBe("login");
    await page.context().close();
  });

  it("signs in by SMS on the quick tab, captcha first, code read from the outbox", async () => {
    const page = await newPage();
    await page.goto("/login");
    await page.getByRole("tab", { name: "手机快捷登录" }).click();
    await pane(page).getByPlaceholder("手机号").fill("13800000003");
    await pane(page).getByRole("button", { name: "获取验证码" }).click();
    const captcha = pane(page).getByPlaceholder("图形验证码");
    await captcha.waitFor();
    await expect.poll(() => pane(page).innerText()).toContain("请输入验证码");
    await expect.poll(() => captchaShown(page)).toBe("13800000003");
    const { answer } = await outboxLast("captcha", "13800000003");
    const before = outboxLength();
    await captcha.fill(answer!);
    await pane(page).getByRole("button", { name: "获取验证码" }).click();
    await expect.poll(() => pane(page).innerText()).toMatch(/\d+秒后重新获取/);
    const { code } = await outboxLast("sms", "13800000003", before);
    await pane(page).getByPlaceholder("短信验证码").fill(code!);
    await screenshot(page, "login-quick");
    await pane(page).getByRole("button", { name: /登\s*录/ }).click();
    await landsOn(page, "/stuIndex");
    await page.context().close();
  });

  it("redirects a signed-in visitor to its own shell and signs out", async () => {
    const page = await newPage();
    await passwordLogin(page, "13800000001");
    await landsOn(page, "/teaIndex");
    await page.goto("/login");
    await landsOn(page, "/teaIndex");
    await page.goto("/teacherop");
    await landsOn(page, "/teaIndex");
    await page.locator(".ant-avatar").first().click();
    await page.getByText("退出登录").click();
    await landsOn(page, "/login");
    await page.goto("/teaIndex");
    await landsOn(page, "/login");
    await page.context().close();
  });
});
