import { createRequire } from "node:module";
import { cleanup, configure, waitFor } from "@testing-library/react";
import { message } from "antd";
import { afterAll, afterEach, expect, vi } from "vitest";
import { sessionStore } from "../../../providers/session-store";

// Every waitFor and findBy* waits for what a person would see, and on a busy 2-core machine the
// first lazily loaded page of a file takes seconds to appear (Testing Library's default of 1 s
// failed there; 10 s failed with other suites running beside). A passing wait still returns as
// soon as its condition holds, so only a failing one pays for the margin.
configure({ asyncUtilTimeout: 30_000 });

// antd reads media queries (Grid, responsive observers); jsdom has none.
Object.defineProperty(window, "matchMedia", {
  writable: true,
  configurable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

// jsdom computes a style by matching every rule of every style sheet against the element and its
// ancestors, and antd's CSS-in-JS injects thousands of rules: measured on course-dialogs, 60% of a
// client test's time went to that matching (nwsapi), asked for by antd and by Testing Library's
// role queries (which check each ancestor's visibility). jsdom lays nothing out, so no test can
// read a size or a position from a style; what a style sheet decides is not what these tests check
// (what a person sees is, in the browser suite). So a computed style here is the element's inline
// style: what React and antd set on the element itself, `display: none` of a closed dialog included.
window.getComputedStyle = (element: Element) => (element as HTMLElement).style ?? document.createElement("div").style;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  // antd's toasts live outside the rendered tree; a leftover one could satisfy the next test. Taking
  // them down is a render of antd's own, which on a busy machine lands after the next test has
  // begun (a 验证码错误 from one login test was found by the next): wait until none is shown.
  message.destroy();
  await waitFor(() => expect(document.querySelector(".ant-message-notice")).toBeNull());
  localStorage.clear();
  // Each test is a page load of its own: the session store keeps the session's check and menu for the page's life.
  sessionStore.reload();
  // Lists remember their place for the detail pages' 返回 (src/engine/use-list-place.ts).
  sessionStorage.clear();
  // The files share one window (isolate: false): a list's place left in the address by one test
  // would be the next one's starting page, and its query the next file's first request.
  window.history.replaceState(null, "", "/");
});

// React renders concurrently (antd's toasts and dialogs in roots of their own, the router's
// transitions) in tasks of its scheduler, the one react-dom requires. On a busy machine the last
// of a file's can still be queued when the file ends, and would then run after jsdom is gone
// ("window is not defined"). The file ends once React has nothing left to do.
const scheduler = createRequire(import.meta.url)("scheduler") as { unstable_getFirstCallbackNode: () => unknown };
afterAll(async () => {
  while (scheduler.unstable_getFirstCallbackNode() !== null) await new Promise((resolve) => setImmediate(resolve));
});
