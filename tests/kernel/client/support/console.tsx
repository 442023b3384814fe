import { render } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router-dom";
import { ConsoleApp } from "../../../../src/app/console-app";
import { menuFor } from "../../../../stories/support/fixtures";

function Landed() {
  return <div data-testid="landed">{useLocation().pathname}</div>;
}

/** The lazily loaded console as the entry mounts it, with the public pages stubbed. */
export function renderConsole(path: string) {
  window.history.pushState({}, "", path);
  return render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        {["/login", "/identity", "/register", "/forget-password"].map((publicPath) => (
          <Route key={publicPath} path={publicPath} element={<Landed />} />
        ))}
        <Route path="/*" element={<ConsoleApp />} />
      </Routes>
    </MemoryRouter>,
  );
}

// The records are the stories' own (stories/support/fixtures.ts): a screen is checked against what it is shown with.
export { me, session } from "../../../../stories/support/fixtures";

/** A main admin's menu cut to three entries in two groups. */
export const adminMenu = menuFor(["recharge", "teacherop", "studentop"]);
