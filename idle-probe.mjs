import { chromium } from "playwright-core";
import fs from "node:fs";
import { chromiumOptions } from "./scripts/lib/server-process.mjs";
const cpu = () => { let t = 0; for (const p of fs.readdirSync("/proc").filter((x) => /^\d+$/.test(x))) { try { const cmd = fs.readFileSync(`/proc/${p}/cmdline`, "utf8"); if (!cmd.includes("chromium")) continue; const s = fs.readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" "); t += (+s[11] + +s[12]) / 100; } catch {} } return t; };
const extra = process.argv.slice(2);
const browser = await chromium.launch({ ...chromiumOptions, args: [...chromiumOptions.args, ...extra.filter(a=>a.startsWith("--"))] });
const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: "zh-CN", baseURL: "http://127.0.0.1:8191" })).newPage();
await page.goto("/login");
const pane = page.locator("[role=tabpanel]:not([hidden])");
await pane.getByPlaceholder("手机号").fill("13800000000");
await pane.getByPlaceholder("密码").fill("demo1234");
await pane.getByRole("button", { name: /登\s*录/ }).click();
await page.waitForURL((u) => u.pathname === "/");
for (const route of ["/", "/liveop", "/courseop"]) {
  await page.goto(route); await page.waitForTimeout(3000);
  const a = cpu(); await page.waitForTimeout(10000); const b = cpu();
  const anims = await page.evaluate(() => document.getAnimations().filter(x=>x.playState==="running").map(x => (x.animationName||x.transitionProperty||"?")+":"+(x.effect?.target?.className?.toString?.().slice(0,40))));
  console.log(route, "chromium cpu over 10 s idle:", (b - a).toFixed(2), "running animations:", anims.length, anims.slice(0,5).join(" | "));
}
await browser.close();
