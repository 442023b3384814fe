import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";

/** Shows where the app navigated to, for routes the test does not render for real. */
function Landed() {
  return <div data-testid="landed">{useLocation().pathname}</div>;
}

/** Renders `page` at `path` inside a router; any other route renders its own path. */
export function renderAt(path: string, page: ReactElement) {
  window.history.pushState({}, "", path);
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<Landed />} />
      </Routes>
    </MemoryRouter>,
  );
}
