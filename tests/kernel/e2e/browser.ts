import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { expect, inject, it } from "vitest";
import { chromiumOptions } from "../../../scripts/lib/server-process.mjs";
import { axeViolations } from "./axe";

export const baseURL = () => inject("baseURL");

let browser: Browser | null = null;
let launchArgs: readonly string[] = [];

/** Chromium's fake camera and microphone, granted without a prompt: for a file whose teacher publishes from the room. */
export const fakeCamera = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"] as const;

/** The file's one browser launches with these flags too (e.g. `fakeCamera`): called before its first page. */
export function launchWith(args: readonly string[]) {
  if (browser) throw new Error("launchWith: the browser is already running; call it before the file's first newPage");
  launchArgs = args;
}

/**
 * A path whose outcome no database changes (a layout, a field's id, a check made before any call,
 * media passed between two browsers): it runs in the SQLite pass only, and the PostgreSQL pass walks
 * the paths that read and write (tests/kernel/e2e/lanes.mjs).
 */
export const databaseBlindIt = it.skipIf(Boolean(inject("databaseUrl")));

/** A phone's window (issue 16 item 3.22), touch included. */
export const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

/** An iPhone's Safari, as the room's device counting reads it (ios). */
export const iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/**
 * How the suite's browser is set: a Chinese person at 1366×768 who asked for less motion
 * (src/lib/reduced-motion.ts), so screens appear without transitions or charts growing: the
 * suite's waits are on what is shown, not on animations, and two cores go further. The bench
 * (scripts/bench-browser.mjs) measures the console as most people have it, with motion.
 */
export const contextOptions = { viewport: { width: 1366, height: 768 }, locale: "zh-CN", reducedMotion: "reduce" } as const;

/** A fresh browser context (no cookies) and page (or `device`'s, its user agent too), failing on uncaught page errors. */
export async function newPage(device: Partial<typeof phone> & { userAgent?: string } = {}): Promise<Page> {
  browser ??= await chromium.launch({ ...chromiumOptions, args: [...chromiumOptions.args, ...launchArgs] });
  const context = await browser.newContext({ ...contextOptions, ...device, baseURL: baseURL() });
  const page = await context.newPage();
  page.on("pageerror", (err) => {
    throw err;
  });
  return page;
}

export async function closeBrowser() {
  await browser?.close();
  browser = null;
  launchArgs = [];
}

type OutboxEntry = { kind: string; mobile: string; purpose?: string; code?: string; answer?: string };

/** The newest outbox line of a kind for a mobile, waiting briefly for it to be written. */
export async function outboxLast(kind: "sms" | "captcha", mobile: string, after = 0): Promise<OutboxEntry> {
  const file = path.join(inject("dataDir"), "sms-outbox.jsonl");
  for (let i = 0; i < 50; i++) {
    const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
    const hit = lines.slice(after).map((l) => JSON.parse(l) as OutboxEntry).reverse().find((e) => e.kind === kind && e.mobile === mobile);
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${kind} for ${mobile} in the outbox`);
}

export function outboxLength(): number {
  const file = path.join(inject("dataDir"), "sms-outbox.jsonl");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean).length : 0;
}

export async function screenshot(page: Page, name: string) {
  // The two databases' passes run side by side (scripts/test-all.mjs): each keeps its own pictures.
  const dir = path.resolve(".e2e-shots", inject("databaseUrl") ? "postgresql" : "");
  fs.mkdirSync(dir, { recursive: true });
  // Dialogs zoom in and out: a picture mid-way shows neither state. Spinners animate for ever,
  // so only finite animations are waited for, and not for long.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.effect?.getComputedTiming().iterations !== 1 || animation.playState !== "running"), null, { timeout: 2_000 })
    .catch(() => undefined);
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** The demo main admin (README, demo accounts). */
export const demoAdmin = { mobile: "13800000000", password: "demo1234" };

/**
 * Signs a demo person in through the login page's password tab and waits until the portal (or
 * console) has settled: its own redirect would otherwise win the race with the next address.
 */
export async function signInAs(page: Page, mobile: string, password = demoAdmin.password) {
  await page.goto("/login");
  const pane = page.locator("[role=tabpanel]:not([hidden])");
  await pane.getByPlaceholder("手机号").fill(mobile);
  await pane.getByPlaceholder("密码").fill(password);
  await pane.getByRole("button", { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname !== "/login" && u.pathname !== "/identity", { timeout: 20_000 });
  await page.waitForLoadState("networkidle");
}

/** Signs in through the login page's password tab and waits for the console home. */
export async function signInAsAdmin(page: Page) {
  await page.goto("/login");
  const pane = page.locator("[role=tabpanel]:not([hidden])");
  await pane.getByPlaceholder("手机号").fill(demoAdmin.mobile);
  await pane.getByPlaceholder("密码").fill(demoAdmin.password);
  await pane.getByRole("button", { name: /登\s*录/ }).click();
  await page.waitForURL((u) => u.pathname === "/", { timeout: 20_000 });
}

/** A GET made with the page's own session cookie, answering the envelope's data. */
export async function api<T>(page: Page, pathAndQuery: string): Promise<T> {
  const response = await page.request.get(pathAndQuery);
  const body = (await response.json()) as { code: number; data: T; msg: string };
  if (body.code !== 0) throw new Error(`${pathAndQuery}: ${body.code} ${body.msg}`);
  return body.data;
}

/** Types a time into a form's date-time picker (its input's id) and confirms it there, as a person would. */
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, "0");
/**
 * 'YYYY-MM-DD HH:mm:ss' in the browser's (and the server's) zone, whole minutes. The browser suite
 * runs against a real server on the real clock, so its dates are made from now, never written out.
 */
export const at = (ms: number) => {
  const d = new Date(Math.floor(ms / 60_000) * 60_000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
};

export async function typeTime(page: Page, id: string, text: string) {
  const input = page.locator(`#${id}`);
  await input.click();
  await input.fill(text);
  await input.press("Enter");
  await expect.poll(() => input.inputValue()).toBe(text);
}

/** Waits until no finite animation or transition runs (a dialog zooming in, a button's colour fading). */
export const settled = (page: Page) =>
  page
    .waitForFunction(() => document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== "running"), null, { timeout: 5_000 })
    .catch(() => undefined);

/**
 * Serious and critical WCAG 2 A/AA findings on the screen as it is now (a dialog open, a row
 * expanded), a line each with its first nodes. Judged at rest: the pointer away (a hovered
 * button's lighter colour is a passing state) and nothing fading (a button just clicked changes
 * colour over 0.2 s; axe caught one mid-way on a busy machine).
 */
export async function axeFindings(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await settled(page);
  return (await axeViolations(page))
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}${n.failureSummary?.includes("contrast") ? ` (${n.failureSummary.match(/foreground color: [^,]+, background color: [^,)]+/)?.[0] ?? ""})` : ""}`).join("; ")}`);
}
