import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { statsApi } from "../../../resources/stats/stats";
import { closeBrowser, newPage, screenshot, signInAsAdmin } from "../../kernel/e2e/browser";

afterAll(closeBrowser);

/** Every chart on the page has finished drawing, and its canvas holds painted pixels. */
async function chartsPainted(page: Page): Promise<number> {
  await page.waitForFunction(
    () => {
      const charts = [...document.querySelectorAll("[data-chart-state]")];
      return charts.length > 0 && charts.every((chart) => chart.getAttribute("data-chart-state") === "drawn");
    },
    null,
    { timeout: 20_000 },
  );
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLCanvasElement>("[data-chart-state] canvas")].filter((canvas) => {
      const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
      return false;
    }).length,
  );
}

/** Types a range into the picker's two inputs and confirms each with Enter. */
async function typeRange(page: Page, first: string, last: string) {
  const inputs = page.locator(".ant-picker-range input");
  await inputs.nth(0).click();
  await inputs.nth(0).fill(first);
  await inputs.nth(0).press("Enter");
  await inputs.nth(1).fill(last);
  await inputs.nth(1).press("Enter");
}

const day = (daysBack: number) => {
  const d = new Date();
  d.setDate(d.getDate() - daysBack);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};

describe("the admin home dashboard and a statistics page in Chromium", () => {
  it("shows the modules with their figures and draws every chart", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    const cards = page.locator("[data-module]");
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(9);
    await expect.poll(() => page.locator("[data-module] .ant-skeleton").count(), { timeout: 15_000 }).toBe(0);
    expect(await page.locator('[data-module="1"]').innerText()).toMatch(/直播课程\s*\d+\s*门/);
    expect(await page.locator('[data-module="4"]').innerText()).toMatch(/学生\s*\d+\s*人/);
    expect(await page.locator('[data-module="3"]').innerText()).toMatch(/¥[\d,]+\.\d{2}/);
    const charts = await page.locator("[data-chart-state]").count();
    expect(charts).toBeGreaterThanOrEqual(3);
    expect(await chartsPainted(page)).toBe(charts);
    await screenshot(page, "dashboard");
    await page.context().close();
  });

  it("opens the live concurrency page from 'more', draws it, and refuses a 40-day range in the browser", async () => {
    const page = await newPage();
    await signInAsAdmin(page);
    await page.locator('[data-module="7"]').getByRole("link", { name: "更多" }).click();
    await page.waitForURL((u) => u.pathname === "/liveConcurrencyStat");
    // The address changes before the home's six charts leave and before the new chart's first frame
    // is painted: wait until the page shows its one chart, painted.
    await expect.poll(() => chartsPainted(page), { timeout: 20_000 }).toBe(1);
    await screenshot(page, "live-concurrency-stat");

    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === statsApi.liveOnline.path) asked.push(request.url());
    });
    await typeRange(page, day(40), day(0));
    await expect.poll(() => page.locator(".ant-message").innerText()).toContain("最多请求31天数据");
    expect(asked).toEqual([]);
    await page.context().close();
  });
});
