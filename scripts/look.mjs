import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { startServer, chromiumOptions } from "./lib/server-process.mjs";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "look-"));
const server = await startServer({ dataDir });
const browser = await chromium.launch(chromiumOptions);
const page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: "zh-CN", baseURL: server.baseURL });
await page.goto("/login");
await page.getByPlaceholder(/手机号/).first().fill("13800000000");
await page.getByPlaceholder(/密码/).first().fill("demo1234");
await page.getByRole("button", { name: /登\s?录/ }).click();
await page.waitForURL((u) => !u.pathname.startsWith("/login"));
if (page.url().includes("identity")) { await page.getByText("示例学校").first().click(); }
await page.waitForTimeout(1500);
for (const route of process.argv.slice(2)) {
  await page.goto(route);
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/look-${route.replace(/[^a-z0-9]/gi, "_")}.png`, fullPage: true });
}
await browser.close();
await server.stop?.();
process.exit(0);
