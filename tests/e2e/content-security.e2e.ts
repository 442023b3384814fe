import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { closeBrowser, newPage, screenshot, signInAsAdmin } from "./browser";

afterAll(closeBrowser);

/**
 * Every Content-Security-Policy violation the page meets: the browser's own report of it in the
 * console, and the `securitypolicyviolation` event (recorded by a script the browser injects, which
 * the policy does not govern).
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on("console", (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
  });
  return async () => [...logged, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))];
}

describe("the console under its Content-Security-Policy (issue 8 finding 10)", () => {
  it("signs in and shows the home, courses, students and a form with no violation", async () => {
    const page = await newPage();
    const violations = await watchViolations(page);
    const login = await page.goto("/login");
    expect(login!.headers()["content-security-policy"]).toContain("script-src 'self'");
    expect(login!.headers()["x-frame-options"]).toBe("SAMEORIGIN");
    await signInAsAdmin(page);
    await page.waitForSelector("[data-chart-state]", { timeout: 20_000 });
    expect(await violations()).toEqual([]);
    await screenshot(page, "csp-home");

    for (const [route, title] of [["/courseop", "课程管理"], ["/studentop", "学生管理"]] as const) {
      await page.goto(route);
      await page.waitForSelector(".ant-table-tbody tr.ant-table-row", { timeout: 20_000 });
      await expect.poll(() => page.locator("body").innerText()).toContain(title);
      expect(await violations(), route).toEqual([]);
      await screenshot(page, `csp-${route.slice(1)}`);
    }

    // A form dialog: its validator is compiled in the page, and it still judges the title.
    await page.goto("/courseop");
    await page.getByRole("button", { name: /创建课程/ }).click();
    const create = page.locator(".ant-modal:visible").filter({ has: page.locator(".ant-modal-title", { hasText: "创建课程" }) });
    await create.getByPlaceholder("请输入课程名称").fill("课".repeat(31));
    await create.getByRole("button", { name: /确\s*定/ }).click();
    await expect.poll(() => create.locator(".ant-form-item-explain-error").allInnerTexts()).toContain("课程标题不能超过30字");
    expect(await violations()).toEqual([]);
    await screenshot(page, "csp-course-form");

    // The watch sees what the policy refuses: an injected inline script does not run.
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.inlineRan = true";
      document.body.append(script);
      return (window as unknown as { inlineRan?: boolean }).inlineRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(violations).toContainEqual(expect.stringMatching(/script-src/));
  });
});
