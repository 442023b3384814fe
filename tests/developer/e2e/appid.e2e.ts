import type { Locator } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { smsResendSeconds } from "../../../resources/auth/auth";
import { developerApi, maskedKey } from "../../../resources/developer/developer";
import { api, closeBrowser, newPage, outboxLast, outboxLength, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

/** Clicks the dialog's 获取验证码 and answers the code the outbox received for `purpose`. */
async function requestCode(dialog: Locator, mobile: string, purpose: string) {
  const before = outboxLength();
  await dialog.getByRole("button", { name: "获取验证码" }).click();
  const sms = await outboxLast("sms", mobile, before);
  expect(sms.purpose).toBe(purpose);
  return sms.code!;
}

/**
 * Developer credentials (3 §2.7; issue 19 item 9) as the demo main admin uses them: the key seen
 * with a code of their own phone, the App Id reset with a code of the main admin's phone (their
 * own again), and the key seen afterwards another one.
 */
describe("/appidop", () => {
  it("shows the key for the outbox's code, resets the App Id for the next one, and the key has changed", async () => {
    const page = await newPage();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page);
    await page.goto("/appidop");
    const before = await api<{ guid: string }>(page, developerApi.appId.path);
    await page.getByText(before.guid).waitFor();
    await page.getByText(maskedKey).waitFor();
    await screenshot(page, "appid-page");

    let askedAt = 0;
    const viewKey = async () => {
      await page.getByRole("button", { name: /查\s*看/ }).click();
      const dialog = page.getByRole("dialog", { name: "查看私钥" });
      await dialog.getByText("138****0000").waitFor();
      const code = await requestCode(dialog, "13800000000", "appid");
      askedAt = Date.now();
      await page.getByText("验证码已发送").first().waitFor();
      await dialog.getByPlaceholder("请输入验证码").fill(code);
      await dialog.getByRole("button", { name: /查\s*看/ }).click();
      const key = dialog.getByTestId("app-key");
      await key.waitFor();
      const shown = (await key.innerText()).trim();
      await screenshot(page, "appid-key-shown");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      return shown;
    };
    const oldKey = await viewKey();
    expect(oldKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Closed, the page shows the key masked again.
    await page.getByText(maskedKey).waitFor();

    await page.getByRole("button", { name: /重\s*置/ }).click();
    const reset = page.getByRole("dialog", { name: "重置AppId" });
    await reset.getByText("138****0000").waitFor();
    const code = await requestCode(reset, "13800000000", "appidnew");
    await reset.getByPlaceholder("请输入验证码").fill(code);
    await reset.getByRole("button", { name: /重\s*置/ }).click();
    await page.getByText("AppId重置成功").waitFor();
    await reset.waitFor({ state: "hidden" });
    const after = await api<{ guid: string }>(page, developerApi.appId.path);
    expect(after.guid).not.toBe(before.guid);
    await page.getByText(after.guid).waitFor();
    await screenshot(page, "appid-reset");

    // A phone gets one code of a purpose a minute (the sign-in rules): the next key code waits that out.
    await page.waitForTimeout(Math.max(0, askedAt + (smsResendSeconds + 1) * 1000 - Date.now()));
    expect(await viewKey()).not.toBe(oldKey);
  }, 180_000);
});
