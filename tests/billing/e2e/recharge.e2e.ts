import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { read, utils } from "xlsx";
import { afterAll, describe, expect, it } from "vitest";
import { authApi } from "../../../resources/auth/auth";
import { api, closeBrowser, newPage, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

/**
 * Recharging through the sandbox provider (issue 19 item 3), as an administrator does it: alipay
 * by the redirect to the payment page and back to /payresult, wechatpay by the QR whose page a
 * phone opens, and both in /rechargerecord; the top bar's balance follows the ledger.
 */
const balance = async (page: Page) => (await api<{ balance: number }>(page, authApi.balance.path)).balance;

describe("recharge", () => {
  it("pays 3000 yuan by alipay's page and 88.80 by wechatpay's QR, and lists both", async () => {
    const page = await newPage();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page);
    const before = await balance(page);

    await page.goto("/recharge");
    await page.locator("label", { hasText: "3000元" }).click();
    await page.getByRole("radio", { name: "支付宝" }).check();
    await screenshot(page, "recharge-form");
    await page.getByRole("button", { name: "立即充值" }).click();
    await page.waitForURL(/\/pay-sandbox\/order/);
    await expect.poll(() => page.locator(".amount").innerText()).toBe("¥3000.00");
    await screenshot(page, "recharge-sandbox-alipay");
    await page.getByRole("button", { name: "确认支付" }).click();
    await page.waitForURL(/\/payresult\?trade_no=/);
    await page.getByText("支付成功").first().waitFor();
    await screenshot(page, "recharge-payresult");
    expect(await balance(page)).toBeCloseTo(before + 3000, 3);

    await page.goto("/recharge");
    await page.locator("label", { hasText: "其他金额" }).click();
    await page.getByLabel("其他金额（元）").fill("88.8");
    await page.getByRole("radio", { name: "微信支付" }).check();
    await page.getByRole("button", { name: "立即充值" }).click();
    const qr = page.getByLabel("微信支付二维码");
    await qr.waitFor();
    await screenshot(page, "recharge-wechat-qr");
    // The phone that scans the QR opens the page it encodes.
    const address = await page.getByRole("link", { name: "在本机打开支付页" }).getAttribute("href");
    const phonePage = await page.context().newPage();
    await phonePage.goto(address!);
    await phonePage.getByRole("button", { name: "确认支付" }).click();
    await phonePage.getByText("支付成功，可以关闭本页").waitFor();
    // The console asks every 3 s: the dialog turns to success by itself.
    await page.locator(".ant-modal").getByText("支付成功").waitFor();
    await screenshot(page, "recharge-wechat-paid");
    // The top bar shows the credit at once.
    await expect.poll(() => page.getByRole("link", { name: /余额/ }).innerText()).toContain((before + 3088.8).toLocaleString("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(await balance(page)).toBeCloseTo(before + 3088.8, 3);

    await page.locator(".ant-modal").getByRole("button", { name: "查看充值记录" }).click();
    await page.waitForURL(/\/rechargerecord/);
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rows.first().innerText()).toContain("¥88.80");
    expect(await rows.nth(1).innerText()).toContain("¥3,000.00");
    expect(await rows.first().innerText()).toContain("微信支付");
    await screenshot(page, "recharge-records");
  });

  it("shows the operator's account and the order number to write for a bank transfer; nothing moves until it arrives", async () => {
    const page = await newPage();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page);
    const before = await balance(page);
    await page.goto("/recharge");
    await page.locator("label", { hasText: "5000元" }).click();
    await page.getByRole("radio", { name: "银行转账" }).check();
    await page.getByRole("button", { name: "立即充值" }).click();
    const dialog = page.locator(".ant-modal", { hasText: "银行转账" });
    await dialog.getByText("招商银行北京分行").waitFor();
    expect(await dialog.innerText()).toContain("110912345610601");
    expect(await dialog.innerText()).toContain("5000.00 元");
    expect(await dialog.innerText()).toMatch(/LT\d{14}[0-9a-f]{12}/);
    await screenshot(page, "recharge-bank");
    expect(await balance(page)).toBeCloseTo(before, 3);
    await dialog.getByRole("button", { name: "我知道了" }).click();
    await dialog.waitFor({ state: "hidden" });
  });

  it("lists the last 7 days' consumption, one type with how it was billed, and each day's 合计", async () => {
    const page = await newPage();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page);
    await page.goto("/costrecord");
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    await rows.first().waitFor();
    // Unpicked, the range is the last 7 days.
    expect(await page.locator(".ant-picker-range input").first().inputValue()).toMatch(/ 00:00:00$/);

    await page.getByRole("combobox", { name: "类型" }).click();
    await page.locator(".ant-select-dropdown:visible").getByTitle("直播", { exact: true }).click();
    await page.getByRole("button", { name: /查\s*询/ }).click();
    await expect.poll(() => page.url()).toContain("type=live");
    await expect.poll(async () => (await rows.allInnerTexts()).filter((row) => !(row.includes("直播") && /\d+人/.test(row) && row.includes("峰值并发·按日计费")))).toEqual([]);
    await screenshot(page, "cost-records-live");

    // Exported as the table shows it: the filtered rows, every column.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: /导\s?出/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^消费记录-\d{8}\.xlsx$/);
    const sheet = read(readFileSync((await file.path())!));
    const exported = utils.sheet_to_json<string[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1, defval: "" });
    expect(exported[0]).toEqual(["日期", "类型", "用量", "金额", "计费方式"]);
    expect(exported.length - 1).toBe(await rows.count());
    expect(exported.slice(1).every((row) => row[1] === "直播" && row[4] === "峰值并发·按日计费")).toBe(true);

    // From the overview's panel: 合计 at 100 a page (no size to choose), and 返回 to the overview.
    await page.goto("/costrecordv2?type=total");
    await expect.poll(() => rows.first().innerText()).toContain("合计");
    expect(await rows.count()).toBeGreaterThanOrEqual(7);
    expect(await page.locator(".ant-pagination-options-size-changer").count()).toBe(0);
    await screenshot(page, "cost-records-total");
    await page.getByRole("button", { name: /返\s?回/ }).click();
    await page.waitForURL(/\/accountOverview$/);
  });
});
