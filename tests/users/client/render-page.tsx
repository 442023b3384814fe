import { render } from "@testing-library/react";
import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { ConsoleRefine } from "../../../src/app/console-app";

/** Where the app is now (path and query), for tests that check what the page wrote to the URL. */
function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

export const where = () => document.querySelector("[data-testid=where]")?.textContent ?? "";

/**
 * Renders `page` at `url` (query string included), in Chinese and inside Refine with the console's
 * providers as the app does (pages read through Refine's hooks); any other path renders only its location.
 */
export function renderPage(url: string, page: ReactElement) {
  const path = url.split("?")[0];
  return render(
    <ConfigProvider locale={zhCN}>
      <MemoryRouter initialEntries={[url]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <ConsoleRefine>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </ConsoleRefine>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

/**
 * A button by its text (antd spaces two-character labels: "查 询"). Cheaper than a role query,
 * which walks the whole accessibility tree of a table-heavy page.
 */
export function button(label: string): HTMLButtonElement {
  const squash = (text: string | null) => (text ?? "").replace(/\s/g, "");
  const found = [...document.querySelectorAll("button")].filter((candidate) => squash(candidate.textContent) === label);
  if (found.length !== 1) throw new Error(`expected one button "${label}", found ${found.length}`);
  return found[0];
}
