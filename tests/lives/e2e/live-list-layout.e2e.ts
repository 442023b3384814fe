import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeBrowser, newPage, screenshot, settled, signInAsAdmin } from "../../kernel/e2e/browser";

/**
 * /liveop at 1280×720 (issue 16, 3.10): names wrapped to three lines and the 课程名称 header to two.
 * Each header and each name and course keep to one line, a cut name shows whole in a tooltip, and
 * a row's operations take at most two lines.
 */

let page: Page;

beforeAll(async () => {
  page = await newPage();
  await page.setViewportSize({ width: 1280, height: 720 });
  await signInAsAdmin(page);
  await page.goto("/liveop");
  await page.locator(".ant-table-tbody tr.ant-table-row").first().waitFor();
});

afterAll(() => closeBrowser());

/** How many lines the text of each element matched takes: its text boxes' distinct tops. */
const linesOf = (selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return { text: element.textContent ?? "", lines: new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size };
    }),
  );

describe("/liveop at 1280×720", () => {
  it("keeps each header, name and course on one line, and a row's operations on at most two", async () => {
    await screenshot(page, "liveop-1280");
    const rows = ".ant-card-body > .ant-table-wrapper .ant-table-tbody > tr.ant-table-row";
    for (const header of await linesOf(".ant-table-thead th")) expect(header.lines, header.text).toBeLessThanOrEqual(1);
    const cells = [...(await linesOf(`${rows} > td:nth-child(2)`)), ...(await linesOf(`${rows} > td:nth-child(3)`))];
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell.lines, cell.text).toBe(1);
    const operationLines = await page.locator(`${rows} > td:last-child`).evaluateAll((tds) =>
      tds.map((td) => new Set([...td.querySelectorAll(".ant-space-item")].map((item) => Math.round(item.getBoundingClientRect().top))).size),
    );
    for (const lines of operationLines) expect(lines).toBeLessThanOrEqual(2);
  });

  it("shows a cut name whole in a tooltip", async () => {
    const cut = page.locator(".ant-table-tbody tr.ant-table-row > td:nth-child(2)").filter({ has: page.locator("span") });
    const index = await cut.evaluateAll((tds) => tds.findIndex((td) => td.scrollWidth > td.clientWidth));
    expect(index, "a name longer than its column").toBeGreaterThanOrEqual(0);
    const cell = cut.nth(index);
    const whole = (await cell.textContent()) ?? "";
    await cell.locator("span").first().hover();
    const tooltip = page.locator(".ant-tooltip:visible .ant-tooltip-inner");
    await expect.poll(() => tooltip.textContent().catch(() => "")).toBe(whole);
    await settled(page);
    await screenshot(page, "liveop-1280-tooltip");
  });
});
