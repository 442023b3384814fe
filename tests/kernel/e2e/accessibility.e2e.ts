import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeOf } from "../../../resources/auth/auth";
import { resources } from "../../../resources";
import { cloudDiskScreens } from "../../../resources/cloud-disk/screens";
import { adminPages } from "../../../src/app/admin-pages";
import { portalPages } from "../../../src/features/portal/pages";
import { demoTradeNos } from "../../../server/seed/portal";
import { axeViolations } from "./axe";
import { api, baseURL, closeBrowser, newPage, screenshot } from "./browser";
import { networkQuiet, visit } from "./in-app";

afterAll(closeBrowser);

const blocking = new Set(["serious", "critical"]);

// The routes come from the app's own registry, so a newly built screen is checked without an
// edit here. /changepwd and /payresult are wired into the route table directly.
const adminRoutes = ["/changepwd", `/payresult?trade_no=${demoTradeNos.paid}`, ...Object.keys(adminPages)];
const portalRoles = ["teacher", "assistant", "student"] as const;
const portalRoutes = [
  ...portalRoles.flatMap((role) => Object.keys(portalPages).map((child) => [role, child ? `${homeOf[role]}/${child}` : homeOf[role]] as const)),
  // The cloud-disk screens of the portals (resources/cloud-disk/screens.ts), each as the role whose portal it is in.
  ...cloudDiskScreens.flatMap((s) => portalRoles.filter((role) => s.route.startsWith(`${homeOf[role]}/`)).map((role) => [role, s.route] as const)),
];
const publicRoutes = ["/login", "/register", "/forget-password"];
/** A route outside the table: its honest empty state is a screen too (every route of the admin table is built or checked with the others). */
const emptyStates = ["/no-such-page"];

const accounts = { admin: "13800000000", teacher: "13800000001", assistant: "13800000002", student: "13800000003", twoIdentities: "13800000009" };

/**
 * Signs in; an account with one identity enters it on /identity by itself, so `home` waits for that
 * entry: an address opened while the choice is still being saved would be sent back to choose.
 */
async function signIn(page: Page, mobile: string, home?: string) {
  await page.goto("/login");
  const pane = page.locator("[role=tabpanel]:not([hidden])");
  await pane.getByPlaceholder("手机号").fill(mobile);
  await pane.getByPlaceholder("密码").fill("demo1234");
  await pane.getByRole("button", { name: /登\s*录/ }).click();
  await page.waitForURL((u) => (home ? u.pathname === home : u.pathname !== "/login"), { timeout: 20_000 });
}

/**
 * A detail or edit route (a resource's `show` or `editRoute`, e.g. /teacherInfo?teacherId={Id})
 * filled with the first record of that resource's list, the live form with a course; any other
 * route as it is.
 */
async function addressOf(page: Page, route: string): Promise<string> {
  if (route === "/createLive") {
    // The live form of a course (its first one), drawn with every widget.
    const [course] = await api<{ Id: number; Type: number }[]>(page, "/cms/course?page=1&count=1");
    return `/createLive?courseId=${course.Id}&courseType=${course.Type}`;
  }
  const decl = resources.find((resource) => resource.show?.split("?")[0] === route || resource.editRoute?.split("?")[0] === route);
  const template = decl?.show?.split("?")[0] === route ? decl.show : decl?.editRoute;
  if (!decl || !template || !decl.api.list) return route;
  const rows = await api<Record<string, unknown>[]>(page, `${decl.api.list.path}?page=1&count=1`);
  expect(rows.length, `a ${decl.name} to show on ${route}`).toBeGreaterThan(0);
  return template.replace(/\{(\w+)\}/g, (_, field: string) => String(rows[0][field]));
}

/** Waits until the screen has settled: requests done, no spinner or skeleton, no fade under way. */
async function settle(page: Page) {
  await networkQuiet(page);
  await page
    .waitForFunction(() => !document.querySelector(".lectern-spinner, .ant-spin-spinning, .ant-skeleton-active"), null, { timeout: 15_000 })
    .catch(() => undefined);
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.effect?.getComputedTiming().iterations === Infinity || a.playState !== "running"), null, { timeout: 3_000 })
    .catch(() => undefined);
}

/**
 * Serious and critical violations on the current screen, one line each: the rule, how many nodes,
 * and for each distinct reason (a colour pair, a missing name) one node that shows it.
 */
async function violations(page: Page): Promise<string[]> {
  return (await axeViolations(page))
    .filter((violation) => blocking.has(violation.impact ?? ""))
    .map((violation) => {
      const byReason = new Map<string, string>();
      for (const node of violation.nodes) {
        const reason = node.failureSummary?.match(/foreground color: [^,]+, background color: [^,)]+/)?.[0] ?? node.failureSummary?.split("\n")[1]?.trim() ?? "";
        if (!byReason.has(reason)) byReason.set(reason, node.target.join(" "));
      }
      const reasons = [...byReason].map(([reason, target]) => `\n    ${reason} at ${target}`).join("");
      return `${violation.id} (${violation.impact}, ${violation.nodes.length} nodes):${reasons}`;
    });
}

/**
 * Accessible names a Chinese console must not have (issue 16 item 4.3): antd's English defaults
 * ("Close" on a dialog, "Increase Value" on a number box) and an icon's English name read before a
 * control's own words ("search 搜索"), one line of the accessibility tree each.
 */
async function englishNames(page: Page): Promise<string[]> {
  const tree = await page.locator("body").ariaSnapshot();
  return [...tree.matchAll(/- ([a-z]+) "([^"]*)"/g)]
    .filter(([, , name]) => /^(Close|Increase Value|Decrease Value)$/.test(name) || /^[a-z]+(-[a-z]+)* \S/.test(name))
    .map(([line]) => line);
}

async function expectClean(page: Page, what: string) {
  const found = [...(await violations(page)), ...(await englishNames(page)).map((line) => `English name: ${line}`)];
  if (found.length) await screenshot(page, `a11y${what.replace(/[^\w]+/g, "-")}`);
  expect(found, `${what}\n${found.join("\n")}`).toEqual([]);
}

/**
 * Opens a screen inside the app already loaded (one load per shell, issue 17: the suite under 30
 * minutes), or stays on it when signing in landed there, and judges it once it has settled.
 */
async function check(page: Page, route: string) {
  if (page.url() !== new URL(route, baseURL()).href) await visit(page, route);
  await settle(page);
  await expectClean(page, route);
}

describe("signed out: the public pages", () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage();
  });
  it.each(publicRoutes)("%s has no serious or critical WCAG 2 A/AA violation", (route) => check(page, route));

  // The checker is ours (tests/kernel/e2e/axe.ts): it must still see what it is asked to judge.
  it("the checker finds a nameless button planted on a page", async () => {
    await page.evaluate(() => document.body.append(Object.assign(document.createElement("button"), { id: "planted" })));
    expect(await violations(page)).toEqual([expect.stringMatching(/^button-name \(critical, 1 nodes\):[\s\S]*#planted/)]);
    await page.evaluate(() => document.getElementById("planted")?.remove());
  });

  it("/identity (an account with two identities) has none either", async () => {
    const chooser = await newPage();
    await signIn(chooser, accounts.twoIdentities);
    await chooser.waitForURL((u) => u.pathname === "/identity");
    await check(chooser, "/identity");
    await chooser.context().close();
  });
});

describe("the main admin: every built admin screen", () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage();
    await signIn(page, accounts.admin, "/");
  });
  it.each([...adminRoutes, ...emptyStates])("%s has no serious or critical WCAG 2 A/AA violation", async (route) =>
    check(page, await addressOf(page, route)),
  );

  // A dialog's own parts: its close button, a number box's steps, a password's reveal.
  it.each([
    ["/courseop", /创建课程/],
    ["/studentop", /添\s*加/],
  ])("the add dialog of %s has none either", async (route, opener) => {
    await visit(page, route);
    await settle(page);
    await page.getByRole("button", { name: opener }).first().click();
    await page.locator(".ant-modal-wrap:visible form input").first().waitFor();
    await settle(page);
    await expectClean(page, `${route} add dialog`);
  });
});

describe.each(portalRoles)("the portal of the %s, signed in once", (role) => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage();
    await signIn(page, accounts[role], homeOf[role]);
  });
  afterAll(() => page.context().close());
  it.each(portalRoutes.filter(([owner]) => owner === role).map(([, route]) => route))("%s has no serious or critical WCAG 2 A/AA violation", (route) => check(page, route));
});
