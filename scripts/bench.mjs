// `npm run bench`: figures measured against the production server in headless Chromium.
// - time from process start to a healthy /healthz (first start with migration and demo seed, and a restart);
// - gzipped JavaScript over the wire for /login and for the admin home after signing in.
import { mkdtempSync, rmSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { chromium } from "playwright-core";
import { startServer, chromiumOptions } from "./lib/server-process.mjs";

if (!existsSync("dist/index.html")) spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build"], { stdio: "inherit" });

const dataDir = mkdtempSync(path.join(tmpdir(), "lectern-bench-"));
const results = {};
const kb = (n) => Math.round((n / 1024) * 10) / 10;

const first = await startServer({ dataDir });
results.healthzFirstStartMs = Math.round(first.healthyMs);
await first.stop();
const server = await startServer({ dataDir });
results.healthzRestartMs = Math.round(server.healthyMs);

const browser = await chromium.launch(chromiumOptions);
async function jsOf(page, action) {
  const scripts = [];
  const onFinished = async (req) => {
    if (req.resourceType() !== "script") return;
    const sizes = await req.sizes().catch(() => null);
    if (sizes) scripts.push({ url: req.url(), bytes: sizes.responseBodySize });
  };
  page.on("requestfinished", onFinished);
  await action();
  await page.waitForLoadState("networkidle");
  page.off("requestfinished", onFinished);
  return { files: scripts.length, kb: kb(scripts.reduce((s, x) => s + x.bytes, 0)) };
}

const context = await browser.newContext();
const page = await context.newPage();
results.loginJs = await jsOf(page, () => page.goto(`${server.baseURL}/login`));
const pane = page.locator(".ant-tabs-tabpane-active");
await pane.getByPlaceholder("手机号").fill("13800000000");
await pane.getByPlaceholder("密码").fill("demo1234");
await page.keyboard.press("Enter");
await page.waitForURL((u) => u.pathname === "/identity" || u.pathname === "/", { timeout: 20_000 });
await page.waitForURL((u) => u.pathname === "/", { timeout: 20_000 });
await page.waitForLoadState("networkidle");
// A fresh page with a warm session but a cold cache: what the admin home costs on its own.
const homeContext = await browser.newContext({ storageState: await context.storageState() });
const home = await homeContext.newPage();
results.adminHomeJs = await jsOf(home, () => home.goto(`${server.baseURL}/`));

await browser.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

console.log("\nLectern bench (production build, loopback, headless Chromium)");
console.log(`  process start → healthy /healthz, first start (migrate + demo seed): ${results.healthzFirstStartMs} ms`);
console.log(`  process start → healthy /healthz, restart:                          ${results.healthzRestartMs} ms`);
console.log(`  /login JavaScript over the wire: ${results.loginJs.kb} KB in ${results.loginJs.files} files (target ≤ 230 KB)`);
console.log(`  admin home JavaScript over the wire: ${results.adminHomeJs.kb} KB in ${results.adminHomeJs.files} files`);
mkdirSync(".bench", { recursive: true });
writeFileSync(".bench/results.json", JSON.stringify(results, null, 2));

// The statistics queries over 90 days of per-minute samples (issue: dashboard and statistics).
spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-stats.ts"], { stdio: "inherit" });

// The student list and its search over 1,000,000 students in one organisation (issue: user management).
spawnSync(process.execPath, ["--import", "tsx", "scripts/bench-students.ts"], { stdio: "inherit" });
