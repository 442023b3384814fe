import type { Page, Request } from "playwright-core";
import { expect } from "vitest";
import { documentTitle } from "../../../src/app/route-titles";

/** The requests of a page still under way, and when the last one began or ended. */
interface Traffic {
  open: Set<Request>;
  changed: number;
}

const traffic = new WeakMap<Page, Traffic>();

function trafficOf(page: Page): Traffic {
  let seen = traffic.get(page);
  if (!seen) {
    const state: Traffic = { open: new Set(), changed: Date.now() };
    const ended = (request: Request) => {
      state.open.delete(request);
      state.changed = Date.now();
    };
    page.on("request", (request) => {
      state.open.add(request);
      state.changed = Date.now();
    });
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);
    traffic.set(page, state);
    seen = state;
  }
  return seen;
}

/**
 * Waits until the page has had no request under way for half a second: Playwright's `networkidle`,
 * which only holds for a document's first load, kept for screens opened inside the app too.
 */
export async function networkQuiet(page: Page) {
  const state = trafficOf(page);
  await expect.poll(() => state.open.size === 0 && Date.now() - state.changed >= 500, { timeout: 30_000, interval: 50 }).toBe(true);
}

/**
 * Opens `route` as the app's own links do: the address goes onto the history and react-router is
 * told (popstate), so the bundle is not fetched and parsed again for each screen. Resolves when the
 * app has drawn the route, its title in the document (DocumentTitle sets it for each path). A page
 * with no app loaded yet, or already on that path (the app would keep its screen and any dialog
 * open on it), loads the address afresh.
 */
export async function visit(page: Page, route: string) {
  trafficOf(page);
  const from = new URL(page.url());
  const to = new URL(route, from.origin === "null" ? "http://x" : from);
  if (from.origin !== to.origin || from.pathname === to.pathname) {
    await page.goto(route);
    return;
  }
  await page.evaluate((address) => {
    // Cleared first, so the wait below is for this route's title even when the last one had the same.
    document.title = "";
    const state = history.state as { idx?: number } | null;
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 }, "", address);
    dispatchEvent(new PopStateEvent("popstate", { state: history.state }));
  }, route);
  await page.waitForFunction((title) => document.title === title, documentTitle(to.pathname), { timeout: 20_000 });
}
