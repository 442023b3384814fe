import { afterAll, describe, expect, it } from "vitest";
import { rechargeApi } from "../../../resources/billing/recharge";
import { pushHeaders } from "../../../resources/data-push/push-api";
import { verifyPushSignature } from "../../../server/services/data-push/signature";
import { closeBrowser, newPage, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";
import { startReceiver } from "../server/receiver";

const receiver = await startReceiver();
afterAll(async () => {
  await closeBrowser();
  await receiver.close();
});

/**
 * Data push as an administrator sets it up (issue 19 items 8 and 10): on /pushDataOp the master
 * switch and 充值到账's address, pointing at a receiver this test runs on 127.0.0.1 (the suite's
 * server allows private addresses, as an operator with a local receiver would); then a recharge
 * paid through the sandbox reaches the receiver signed with the secret the page shows, the log
 * under the form lists it, and 重新推送 sends it again.
 */
describe("data push", () => {
  it("configures 充值到账, receives a paid recharge signed, and lists and replays it", async () => {
    const page = await newPage();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page);
    await page.goto("/pushDataOp");
    const secretText = page.getByLabel("推送密钥");
    await secretText.waitFor();
    const secret = (await secretText.innerText()).trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);

    // Each address box is enabled only while the master switch and its checkbox are on.
    const box = page.getByLabel("充值到账接口地址");
    const check = page.getByRole("checkbox", { name: "充值到账" });
    expect(await check.isDisabled()).toBe(true);
    await page.getByRole("switch", { name: "数据推送总开关" }).click();
    expect(await box.isDisabled()).toBe(true);
    await check.check();
    expect(await box.isEnabled()).toBe(true);
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.getByText("请输入【充值到账】接口地址").first().waitFor();
    await box.fill(receiver.url);
    await screenshot(page, "data-push-config");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.getByText("配置保存成功！5分钟生效").first().waitFor();

    // A recharge paid on the sandbox's page, as a payer pays it.
    const order = (await (await page.request.post(rechargeApi.alipay.path, { data: { fee: 100 } })).json()) as { data: { url: string; trade_no: string } };
    await page.goto(order.data.url);
    await page.getByRole("button", { name: "确认支付" }).click();
    await page.waitForURL(/\/payresult\?trade_no=/);
    await expect.poll(() => receiver.got.length).toBe(1);
    const got = receiver.got[0];
    expect(got.headers[pushHeaders.event]).toBe("recharge.paid");
    expect(verifyPushSignature(secret, got.headers[pushHeaders.timestamp] as string, got.body, got.headers[pushHeaders.signature] as string)).toBe(true);
    expect(JSON.parse(got.body)).toMatchObject({ event: "recharge.paid", data: { trade_no: order.data.trade_no, fee: 100 } });

    await page.goto("/pushDataOp");
    const log = page.getByRole("region", { name: "推送记录" });
    const rows = log.locator(".ant-table-tbody tr.ant-table-row");
    await expect.poll(() => rows.first().innerText()).toContain("充值·充值到账");
    const row = await rows.first().innerText();
    expect(row).toContain("成功");
    expect(row).toContain("200");
    await screenshot(page, "data-push-log");

    await rows.first().getByRole("button", { name: "重新推送" }).click();
    await page.locator(".ant-modal-confirm").getByRole("button", { name: /确\s*定/ }).click();
    await page.getByText("已重新推送").first().waitFor();
    await expect.poll(() => receiver.got.length).toBe(2);
    expect(receiver.got[1].body).toBe(got.body);
    await expect.poll(() => rows.count()).toBe(2);
  });
});
