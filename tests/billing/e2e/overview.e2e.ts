import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, newPage, outboxLast, outboxLength, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

/**
 * The account overview (issue 19 items 2 and 10) as an administrator uses it: the balance and how
 * long it lasts, yesterday's costs and the five panels, the threshold set (the balance turns to the
 * low style when at or below it) and a recipient of the low-balance SMS added with their mobile's
 * code, behind its graphic captcha.
 */
describe("the account overview", () => {
  it("shows the balance with its projection and panels, sets the threshold and adds a recipient", async () => {
    const page = await newPage();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page);
    await page.goto("/accountOverview");
    const balanceCard = page.locator(".ant-card", { hasText: "可用余额" });
    await expect.poll(() => balanceCard.innerText()).toMatch(/¥[\d,]+\.\d{2}/);
    await expect.poll(() => balanceCard.innerText()).toMatch(/按近30天日均消费¥[\d,.]+计，余额约可用\d+天/);
    for (const title of ["合计账单", "点播账单", "存储账单", "转码账单", "直播账单"]) await page.locator(".ant-card-head-title", { hasText: title }).waitFor();
    expect(await page.getByRole("link", { name: "更多" }).first().getAttribute("href")).toBe("/costrecordv2?type=total");
    const threshold = page.getByPlaceholder("请输入预警金额（元）");
    // antd spaces a two-character label: 设 置.
    const setButton = page.locator(".ant-card", { hasText: "余额预警" }).getByRole("button", { name: /^设\s?置$/ });
    await expect.poll(() => threshold.inputValue()).toBe("1000");
    expect(await balanceCard.getByText("余额已低于预警金额").count()).toBe(0);
    await screenshot(page, "account-overview");

    // 核对账目: the balance agrees with the sum of its ledger.
    await balanceCard.getByRole("button", { name: "核对账目" }).click();
    const books = page.locator(".ant-modal", { hasText: "流水合计" });
    await books.getByText("账目一致").waitFor();
    expect(await books.innerText()).toMatch(/流水笔数\s+\d+/);
    await screenshot(page, "account-overview-reconcile");
    await books.locator(".ant-modal-footer").getByRole("button", { name: /关\s?闭/ }).click();
    await books.waitFor({ state: "hidden" });

    // Above the balance: the balance takes the low style at once.
    await threshold.fill("99999999");
    await setButton.click();
    await page.getByText("设置成功").waitFor();
    await balanceCard.getByText("余额已低于预警金额，请及时充值").waitFor();
    // Not an amount: the server's words under the field, and the last threshold kept.
    await threshold.fill("12abc");
    await setButton.click();
    await page.getByText("预警金额应为0到1亿元之间的金额，最多两位小数").first().waitFor();
    await threshold.fill("1000");
    await setButton.click();
    await expect.poll(() => balanceCard.getByText("余额已低于预警金额").count()).toBe(0);

    // A recipient, with the code their mobile was sent.
    const recipients = page.locator(".ant-card", { hasText: "通知人数" });
    await recipients.getByRole("button", { name: /^设\s?置$/ }).click();
    const modalTitled = (title: string) => page.locator(".ant-modal").filter({ has: page.locator(".ant-modal-title", { hasText: new RegExp(`^${title}$`) }) });
    const dialog = modalTitled("短信通知人");
    await dialog.getByText("还没有短信通知人").waitFor();
    await dialog.getByRole("button", { name: /添加/ }).click();
    const form = modalTitled("添加短信通知人");
    await form.getByPlaceholder("请输入姓名").fill("财务王");
    const mobile = "13755550001";
    await form.getByRole("button", { name: "获取验证码" }).click();
    await form.getByText("请输入手机号").first().waitFor();
    await form.getByPlaceholder("请输入手机号").fill(mobile);
    const before = outboxLength();
    await form.getByRole("button", { name: "获取验证码" }).click();
    await form.getByText("请输入图形验证码").first().waitFor();
    await form.getByPlaceholder("图形验证码").fill((await outboxLast("captcha", mobile, before)).answer!);
    await form.getByRole("button", { name: "获取验证码" }).click();
    await expect.poll(() => form.getByRole("button", { name: /秒后重新获取$/ }).count()).toBe(1);
    await form.getByPlaceholder("请输入验证码").fill((await outboxLast("sms", mobile, before)).code!);
    await screenshot(page, "account-overview-recipient");
    await form.getByRole("button", { name: /^确\s?定$/ }).click();
    await dialog.locator(".ant-table-row", { hasText: "财务王" }).waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => recipients.innerText()).toMatch(/1\s*人/);
    await page.context().close();
  });
});
