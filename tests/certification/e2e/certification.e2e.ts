import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, newPage, outboxLast, outboxLength, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";
import { gradientPng } from "../../kernel/fixtures/png";

afterAll(closeBrowser);

/**
 * Organisation certification (issue 19 item 5) as the demo admin does it: the form's messages, a
 * licence photo uploaded, the office region picked from the dataset, the contact mobile's SMS code
 * from the outbox behind its captcha, 提交成功, and then a change saved as 修改成功.
 */
describe("/groupCertification", () => {
  it("submits the certification, then modifies it", async () => {
    const page = await newPage();
    page.setDefaultTimeout(30_000);
    await signInAsAdmin(page);
    await page.goto("/groupCertification");
    await page.getByText("认证状态：未认证").waitFor();
    const errors = page.locator(".ant-form-item-explain-error");

    await page.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => errors.first().innerText()).toBe("请输入营业执照名称");

    await page.getByPlaceholder("请输入营业执照上的名称").fill("示例学校教育科技有限公司");
    const pick = async (label: string, typed: string, name: string) => {
      const box = page.getByRole("combobox", { name: label });
      await box.click();
      await box.fill(typed);
      await page.locator(".ant-select-dropdown:visible").getByTitle(name, { exact: true }).click();
    };
    await pick("所在省份", "浙江", "浙江省");
    await pick("所在城市", "杭州", "杭州市");
    await pick("所在区县", "西湖", "西湖区");
    await page.getByPlaceholder("请输入详细地址").fill("文三路100号");
    await page.getByPlaceholder("统一社会信用代码或组织机构代码").fill("91330106MA2XXXXX0X");
    await page.locator("#root_certificate_picture").setInputFiles({ name: "licence.png", mimeType: "image/png", buffer: gradientPng(40, 30) });
    await page.getByRole("img", { name: "营业执照预览" }).waitFor();
    await page.getByPlaceholder("请输入联系人姓名").fill("张三");
    await page.getByPlaceholder("请输入联系人身份证号").fill("33010619900101123X");
    const mobile = "13700000001";
    await page.getByPlaceholder("请输入联系人手机号").fill(mobile);

    // The new contact mobile's code: its graphic captcha first, read from the outbox as a person reads the image.
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => errors.allInnerTexts()).toEqual(["请输入短信验证码"]);
    const send = page.getByRole("button", { name: "获取验证码" });
    await send.click();
    const image = page.getByAltText("图形验证码");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && new URL(img.src).searchParams.get("mobile"))).toBe(mobile);
    await page.getByPlaceholder("图形验证码").fill((await outboxLast("captcha", mobile)).answer!);
    const before = outboxLength();
    await send.click();
    const sms = await outboxLast("sms", mobile, before);
    expect(sms.purpose).toBe("certification");
    await expect.poll(() => page.getByRole("button", { name: /秒后重新获取/ }).count()).toBe(1);
    await page.getByPlaceholder("请输入短信验证码").fill(sms.code!);
    await screenshot(page, "certification-filled");

    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.getByText("提交成功").waitFor();
    // The form starts again from the record as the server keeps it: waiting for review, the mobile proven.
    await page.getByText(/认证状态：审核中/).waitFor();
    await page.getByText("联系人手机号已验证，未变更时无需验证码").waitFor();
    await screenshot(page, "certification-submitted");

    await page.getByPlaceholder("请输入详细地址").fill("文三路200号");
    await page.getByRole("button", { name: /确\s*定/ }).click();
    await page.getByText("修改成功").waitFor();
    await page.reload();
    await expect.poll(() => page.getByPlaceholder("请输入详细地址").inputValue()).toBe("文三路200号");
    expect(await page.getByRole("combobox", { name: "所在区县" }).locator("xpath=ancestor::div[contains(@class,'ant-select')][1]").innerText()).toContain("西湖区");
    await screenshot(page, "certification-modified");
  });
});
