import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { closeBrowser, newPage, outboxLast, outboxLength, screenshot } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

const landsOn = (page: Page, pathname: string) => page.waitForURL((u) => u.pathname === pathname, { timeout: 20_000 });
const toast = (page: Page) => page.locator(".ant-message").innerText();

async function signInWith(page: Page, mobile: string, passwd: string) {
  await page.goto("/login");
  const pane = page.locator("[role=tabpanel]:not([hidden])");
  await pane.getByPlaceholder("手机号").fill(mobile);
  await pane.getByPlaceholder("密码").fill(passwd);
  await pane.getByRole("button", { name: /登\s*录/ }).click();
}

/**
 * Clicks 获取验证码 and returns the code the outbox received for that purpose. Registration
 * and retrieval first show the mobile's graphic captcha, typed from the outbox like a person
 * would read it; the admin's own-phone code needs none.
 */
async function requestCode(page: Page, mobile: string, purpose: string) {
  const button = page.getByRole("button", { name: "获取验证码" });
  if (purpose !== "chgpasswd") {
    await button.click();
    const image = page.getByAltText("图形验证码");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && new URL(img.src).searchParams.get("mobile"))).toBe(mobile);
    await page.getByPlaceholder("图形验证码").fill((await outboxLast("captcha", mobile)).answer!);
  }
  const before = outboxLength();
  await button.click();
  const sms = await outboxLast("sms", mobile, before);
  expect(sms.purpose).toBe(purpose);
  return sms.code!;
}

describe("registration, retrieval and the admin's password change", () => {
  const mobile = "15800000001";

  it("registers in the spec's validation order and returns to /login", async () => {
    const page = await newPage();
    await page.goto("/register");
    await page.getByRole("button", { name: /注\s*册/ }).click();
    await expect.poll(() => page.locator(".ant-form-item-explain-error").first().innerText()).toBe("请输入手机号");
    await page.getByPlaceholder("手机号").fill(mobile);
    const code = await requestCode(page, mobile, "register");
    await expect.poll(() => page.getByRole("button", { name: /秒后重新获取/ }).count()).toBe(1);
    await page.getByPlaceholder("验证码", { exact: true }).fill(code);
    await page.getByPlaceholder("6-20位密码").fill("first-pass1");
    await page.getByPlaceholder("确认密码").fill("other-pass1");
    await page.getByRole("button", { name: /注\s*册/ }).click();
    await expect.poll(() => page.locator("body").innerText()).toContain("两次输入的密码不一致");
    await page.getByPlaceholder("确认密码").fill("first-pass1");
    await page.getByRole("button", { name: /注\s*册/ }).click();
    await expect.poll(() => page.locator("body").innerText()).toContain("请阅读并同意用户协议");
    await page.getByRole("checkbox").check();
    await screenshot(page, "register-filled");
    await page.getByRole("button", { name: /注\s*册/ }).click();
    await landsOn(page, "/login");
    await expect.poll(() => toast(page)).toContain("注册成功");

    // A person with no identity is sent on to the application page.
    await signInWith(page, mobile, "first-pass1");
    await landsOn(page, "/apply.html");
    await page.context().close();
  });

  it("retrieves the password with an SMS code", async () => {
    const page = await newPage();
    await page.goto("/forget-password");
    await page.getByPlaceholder("手机号").fill(mobile);
    const code = await requestCode(page, mobile, "retrieve");
    await page.getByPlaceholder("验证码", { exact: true }).fill(code);
    await page.getByPlaceholder("新密码").fill("second-pass2");
    await page.getByPlaceholder("确认密码").fill("second-pass2");
    await page.getByRole("button", { name: /修\s*改/ }).click();
    await landsOn(page, "/login");
    await signInWith(page, mobile, "second-pass2");
    await landsOn(page, "/apply.html");
    await page.context().close();
  });

  it("lets an admin change the password with a code to the own phone, then signs out", async () => {
    const admin = "13900000000";
    const page = await newPage();
    await signInWith(page, admin, "demo1234");
    await landsOn(page, "/");
    await page.goto("/changepwd");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => page.locator(".ant-form-item-explain-error").first().innerText()).toBe("请输入验证码");
    const code = await requestCode(page, admin, "chgpasswd");
    await page.getByPlaceholder("请输入验证码").fill(code);
    await page.getByPlaceholder("6-20位密码").fill("changed-88");
    await page.getByPlaceholder("再次输入新密码").fill("changed-88");
    await screenshot(page, "changepwd-filled");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await landsOn(page, "/login");
    await signInWith(page, admin, "changed-88");
    await landsOn(page, "/");

    // Put the demo password back the way a person would, so other suites keep signing in.
    await page.context().clearCookies();
    await page.goto("/forget-password");
    await page.getByPlaceholder("手机号").fill(admin);
    const back = await requestCode(page, admin, "retrieve");
    await page.getByPlaceholder("验证码", { exact: true }).fill(back);
    await page.getByPlaceholder("新密码").fill("demo1234");
    await page.getByPlaceholder("确认密码").fill("demo1234");
    await page.getByRole("button", { name: /修\s*改/ }).click();
    await landsOn(page, "/login");
    await page.context().close();
  });
});
