import { Refine } from "@refinedev/core";
import { render, screen, waitFor } from "@testing-library/react";
import { ConfigProvider } from "antd";
import dayjs from "dayjs";
import type { ReactElement } from "react";
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router-dom";
import type { ResourceDecl } from "../../../../resources/kernel/define";
import { accessControlProvider } from "../../../../providers/access-control";
import { notificationProvider } from "../../../../providers/notify";
import { consoleDataProvider } from "../../../../src/app/console-app";
import { engineRegistry } from "../../../../src/app/engine-registry";
import { antdConfig } from "../../../../src/lib/antd-config";
import { EngineRegistryProvider } from "../../../../src/engine/registry";
import { fail, fakeServer, ok, type Handler, type SeenRequest } from "../support/fake-server";

// How long a wait may take is the suite's (tests/kernel/client/setup.ts), not each file's.

/** Where the router is now, query included, for routes the test does not render for real. */
function Landed() {
  const { pathname, search } = useLocation();
  return <div data-testid="landed">{pathname + search}</div>;
}

let navigateTo: ((to: string) => void) | null = null;
function NavigationProbe() {
  const navigate = useNavigate();
  const location = useLocation();
  navigateTo = navigate;
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Navigates the test's router, as a click on a menu item does. */
export const navigate = (to: string) => navigateTo?.(to);

/** The page under test at `route`, entered at `entry`, inside Refine with the real data provider. */
export function renderPage(route: string, page: ReactElement, entry = route) {
  return render(
    <ConfigProvider {...antdConfig}>
      <MemoryRouter initialEntries={[entry]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Refine
          dataProvider={consoleDataProvider}
          accessControlProvider={accessControlProvider}
          notificationProvider={notificationProvider}
          options={{ disableTelemetry: true, reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false } } } } }}
        >
          <EngineRegistryProvider registry={engineRegistry}>
            <NavigationProbe />
            <Routes>
              <Route path={route} element={page} />
              <Route path="*" element={<Landed />} />
            </Routes>
          </EngineRegistryProvider>
        </Refine>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

/** The router's location (path and query). */
export const currentLocation = () => screen.getByTestId("location").textContent;

import type { PersonRow } from "../../../../resources/users/person";

export type UserRow = PersonRow;

/** `count` people named 用户1…, newest first, as the server lists them. */
export function people(count: number, prefix = "用户"): UserRow[] {
  return Array.from({ length: count }, (_, i) => ({
    Id: count - i,
    Name: `${prefix}${count - i}`,
    Mobile: `139${String(count - i).padStart(8, "0")}`,
    Nick: "",
    UpdateTime: `2026-01-${String(1 + (i % 28)).padStart(2, "0")} 08:30:00`,
    UserOp: "[]",
  }));
}

const path = (decl: ResourceDecl, op: keyof ResourceDecl["api"]) => `${decl.api[op]!.method} ${decl.api[op]!.path}`;

/**
 * A user-management family as the server answers it (docs/features.md, "User management (server)"): lists
 * paged by `page`/`count` and filtered by `key`, add, change and delete over `rows`.
 */
export function familyServer(decl: ResourceDecl, rows: UserRow[], overrides: Record<string, Handler | unknown> = {}, keys = [decl.menu.key]) {
  const list = (request: SeenRequest) => {
    const { page = 1, count = 10, key = "" } = (request.params ?? {}) as { page?: number; count?: number; key?: string };
    const hits = rows.filter((row) => !key || row.Name.includes(String(key)) || row.Mobile.includes(String(key)));
    return ok(hits.slice((Number(page) - 1) * Number(count), Number(page) * Number(count)), { count: hits.length });
  };
  const handlers: Record<string, Handler | unknown> = {
    "GET /cms/loginrouter": ok({ groups: [], keys }),
    "GET /cms/intercheck": ok(),
    [path(decl, "list")]: list,
    [path(decl, "remove")]: (request: SeenRequest) => {
      const index = rows.findIndex((row) => row.Id === Number(request.params?.id));
      if (index === -1) return fail(1, "记录不存在");
      rows.splice(index, 1);
      return ok(null, { msg: "删除成功" });
    },
    [path(decl, "create")]: (request: SeenRequest) => {
      const body = request.body as Record<string, string>;
      if (rows.some((row) => row.Mobile === body.mobile)) return fail(1, "该手机号已存在", { field: "mobile" });
      const row: UserRow = { Id: rows.length + 100, Name: body.name, Mobile: body.mobile, Nick: body.nick ?? "", UpdateTime: dayjs().format("YYYY-MM-DD HH:mm:ss"), UserOp: body.userop ?? "[]" };
      rows.unshift(row);
      return ok(row, { msg: "添加成功" });
    },
    [path(decl, "update")]: (request: SeenRequest) => {
      const body = request.body as Record<string, string | number>;
      const row = rows.find((candidate) => candidate.Id === body.id);
      if (!row) return fail(1, "记录不存在");
      Object.assign(row, { Name: body.name, Mobile: body.mobile, ...(body.userop !== undefined ? { UserOp: body.userop } : {}) });
      return ok(row, { msg: "修改成功" });
    },
  };
  if (decl.api.search) handlers[path(decl, "search")] = list;
  return fakeServer({ ...handlers, ...overrides });
}

/** The rows of the table, each as the text of its cells. */
export const tableRows = () =>
  [...document.querySelectorAll<HTMLElement>(".ant-table-tbody tr.ant-table-row")].map((row) =>
    [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? ""),
  );

// Role queries compute accessible names over the whole tree, which is slow on antd forms in
// jsdom; these helpers find elements by what a person reads instead.

/** The open dialog (antd renders it outside the page): the newest one when a confirmation sits on top. */
export function dialog(): HTMLElement {
  const open = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')];
  if (open.length === 0) throw new Error("no dialog is open");
  return open[open.length - 1];
}

/** The open dialog once its form (or, for a confirmation, its content) is drawn. */
export const findDialog = () =>
  waitFor(() => {
    const found = dialog();
    if (!found.querySelector("form input, .ant-modal-confirm-content")) throw new Error("the dialog is still loading");
    return found;
  });
export const noDialog = () => document.querySelectorAll('[role="dialog"]').length === 0;

/** Messages shown under the dialog's fields, top to bottom. */
export const fieldErrors = (root: HTMLElement = dialog()) =>
  [...root.querySelectorAll(".ant-form-item-explain-error")].map((node) => node.textContent);

/** A button by its label; antd writes two-character labels as "确 定". */
export function button(label: string, root: ParentNode = document): HTMLButtonElement {
  const found = [...root.querySelectorAll<HTMLButtonElement>("button")].find((candidate) => candidate.textContent?.replace(/\s/g, "") === label);
  if (!found) throw new Error(`no button ${label}`);
  return found;
}

/** A checkbox by the text beside it. */
export function checkbox(label: string, root: ParentNode = dialog()): HTMLInputElement {
  const wrapper = [...root.querySelectorAll<HTMLElement>("label.ant-checkbox-wrapper")].find((candidate) => candidate.textContent === label);
  const input = wrapper?.querySelector<HTMLInputElement>("input[type=checkbox]");
  if (!input) throw new Error(`no checkbox ${label}`);
  return input;
}
