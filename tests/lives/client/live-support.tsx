import { fireEvent, waitFor } from "@testing-library/react";
import { Suspense } from "react";
import { expect } from "vitest";
import live, { liveCourseRoute, subLiveRoute } from "../../../resources/lives/live";
import type { LiveRecord } from "../../../resources/lives/live-api";
import { setHttpAdapter } from "../../../providers/http";
import { enginePages } from "../../../src/engine/pages";
import { liveAnswers, type LiveAnswerOptions } from "../../../stories/lives/live-answers";
import { mockAdapter, type MockCall, type MockRoutes } from "../../../stories/mock-api";
import { renderPage, tableRows } from "../../kernel/client/engine/support";

/** The stories' live answers behind the real providers, plus `extra` routes; every call is kept. */
export function serveLives(rows: LiveRecord[], options: LiveAnswerOptions = {}, extra: MockRoutes = []) {
  const calls: MockCall[] = [];
  setHttpAdapter(mockAdapter([...liveAnswers(rows, options), ...extra], { delayMs: 0, onCall: (call) => calls.push(call) }));
  return { calls, of: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path) };
}

/** The generated screen of a route (src/engine/pages.ts), as the app draws it. */
export function GeneratedPage({ route }: { route: string }) {
  const Page = enginePages[route];
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

export const openLives = (entry: string = live.route) => renderPage(live.route, <GeneratedPage route={live.route} />, entry);
export const openCourseLives = (entry: string) => renderPage(liveCourseRoute, <GeneratedPage route={liveCourseRoute} />, entry);
export const openSubLives = (entry: string) => renderPage(subLiveRoute, <GeneratedPage route={subLiveRoute} />, entry);

export const rowsShown = (count: number) => waitFor(() => expect(tableRows()).toHaveLength(count));

/** The table row holding `text`. */
export const rowWith = (text: string) => {
  const row = [...document.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row")].find((candidate) => candidate.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
};

/** The labels of a row's operations: its links, then what its 更多 menu offers. */
export async function operationsOf(row: HTMLElement): Promise<{ inline: string[]; more: string[] }> {
  const inline = [...row.querySelectorAll<HTMLElement>("td:last-child button")].map((b) => b.textContent?.replace(/\s/g, "") ?? "").filter((t) => t !== "更多");
  const toggle = [...row.querySelectorAll<HTMLElement>("td:last-child button")].find((b) => b.textContent?.includes("更多"));
  if (!toggle) return { inline, more: [] };
  fireEvent.click(toggle);
  const menu = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>(".ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu")].at(-1);
    if (!open) throw new Error("the menu is not open");
    return open;
  });
  const more = [...menu.querySelectorAll(".ant-dropdown-menu-item")].map((item) => item.textContent ?? "");
  fireEvent.click(toggle);
  return { inline, more };
}

/** Picks `label` in the open 更多 menu of a row. */
export async function chooseMore(row: HTMLElement, label: string) {
  fireEvent.click([...row.querySelectorAll<HTMLElement>("td:last-child button")].find((b) => b.textContent?.includes("更多"))!);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>(".ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item")].find((candidate) => candidate.textContent === label);
    if (!found) throw new Error(`no ${label} in the menu`);
    return found;
  });
  fireEvent.click(item);
}
