import { Refine } from "@refinedev/core";
import { accessControlProvider } from "../../../providers/access-control";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ConfigProvider } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from "react-router-dom";
import { createDataProvider } from "../../../providers/data-provider";
import { setHosts } from "../../../providers/hosts";
import { notificationProvider } from "../../../providers/notify";
import { liveOperations } from "../../../resources/lives/live";
import { tools } from "../../../resources/tools/tools";
import { ShellBackContext, useShellBackState } from "../../../src/lib/shell-back";
import { FramePage as ToolFramePage } from "../../../src/engine/frame-page";
import { AdminHeader } from "../../../src/shells/admin-header";
import { fail, fakeServer, ok } from "../../kernel/client/support/fake-server";

const virtualMake = tools.find((t) => t.route === "/virtualMake")!;
const recordCut = tools.find((t) => t.route === "/recordCut")!;
const openBase = `${window.location.origin}/open-iframe`;

let goTo: (to: string) => void = () => {};
function Probe() {
  const navigate = useNavigate();
  goTo = navigate;
  return <div data-testid="where">{useLocation().pathname + useLocation().search}</div>;
}

/** The admin shell's top bar over the page, as in the console; the sidebar lists the AI tools, not /recordCut. */
function Shell({ children }: { children: ReactNode }) {
  const back = useShellBackState();
  return (
    <ShellBackContext.Provider value={back}>
      <AdminHeader menuPaths={new Set(["/liveop", "/virtualMake"])} />
      {children}
    </ShellBackContext.Provider>
  );
}

function renderTool(tool: typeof virtualMake, entry: string) {
  return render(
    <ConfigProvider locale={zhCN}>
      <MemoryRouter initialEntries={["/liveop", entry]} initialIndex={1} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Refine dataProvider={createDataProvider()} accessControlProvider={accessControlProvider} notificationProvider={notificationProvider} options={{ disableTelemetry: true }}>
          <Probe />
          <Shell>
            <Routes>
              <Route path={tool.route} element={<ToolFramePage tool={tool} />} />
              <Route path="*" element={<div>elsewhere</div>} />
            </Routes>
          </Shell>
        </Refine>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

const frame = () => document.querySelector("iframe");
const menu = (key: string) => ok({ groups: [], keys: [key] });

beforeEach(() => setHosts({ openIframe: openBase }));
afterEach(() => setHosts(null));

describe("an embedded tool page", () => {
  it("fetches a token for its tool, then shows the frame at the open platform 100 ms later", async () => {
    let answeredAt = 0;
    const server = fakeServer({
      "GET /cms/loginrouter": menu("liveop"),
      "POST /cms/webapitokenv2": () => {
        answeredAt = performance.now();
        return ok({ token: "T1" }, { token: "T1" });
      },
    });
    renderTool(recordCut, "/recordCut?liveId=42");
    await waitFor(() => expect(server.calls("POST /cms/webapitokenv2")).toHaveLength(1));
    expect(server.calls("POST /cms/webapitokenv2")[0].body).toEqual({ tool: "recordCut" });
    const shown = await waitFor(() => {
      const f = frame();
      expect(f).not.toBeNull();
      return f!;
    });
    expect(performance.now() - answeredAt).toBeGreaterThanOrEqual(100);
    const src = new URL(shown.src);
    expect(src.origin + src.pathname).toBe(`${openBase}/record/cut`);
    expect(Object.fromEntries(src.searchParams)).toEqual({ token: "T1", liveId: "42" });
    expect(shown.title).toBe("录制剪辑");
  });

  it("fetches a new token and reloads the frame when the route is entered again", async () => {
    let n = 0;
    const server = fakeServer({
      "GET /cms/loginrouter": menu("virtualMake"),
      "POST /cms/webapitokenv2": () => ok({ token: `T${++n}` }),
    });
    renderTool(virtualMake, "/virtualMake");
    await waitFor(() => expect(new URL(frame()!.src).searchParams.get("token")).toBe("T1"));
    expect(new URL(frame()!.src).searchParams.get("ts")).toMatch(/^\d+$/);
    act(() => goTo("/virtualMake"));
    await waitFor(() => expect(new URL(frame()!.src).searchParams.get("token")).toBe("T2"));
    expect(server.calls("POST /cms/webapitokenv2")).toHaveLength(2);
  });

  it("says 获取webtoken失败 and shows no frame when the token is refused", async () => {
    fakeServer({ "GET /cms/loginrouter": menu("virtualMake"), "POST /cms/webapitokenv2": fail(403, "拒绝访问") });
    renderTool(virtualMake, "/virtualMake");
    expect(await screen.findByText("获取webtoken失败")).toBeTruthy();
    expect(frame()).toBeNull();
  });

  it("on /virtualMake, asks before leaving with unsaved work, and leaves only by 取消", async () => {
    fakeServer({ "GET /cms/loginrouter": menu("virtualMake"), "POST /cms/webapitokenv2": ok({ token: "T1" }) });
    renderTool(virtualMake, "/virtualMake");
    await waitFor(() => expect(frame()).not.toBeNull());
    const post = (flag: boolean, origin = window.location.origin) =>
      act(() => window.dispatchEvent(new MessageEvent("message", { data: { type: "goBackTip", flag }, origin, source: frame()!.contentWindow })));

    // Another origin's word counts for nothing.
    post(true, "https://elsewhere.example");
    post(true);
    fireEvent.click(screen.getByRole("button", { name: /返回/ }));
    expect((await screen.findAllByText("是否需要保存数字人制作？")).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole("button", { name: /确\s*定/ }));
    await waitFor(() => expect(screen.queryAllByText("是否需要保存数字人制作？")).toHaveLength(0));
    expect(screen.getByTestId("where").textContent).toBe("/virtualMake");

    fireEvent.click(screen.getByRole("button", { name: /返回/ }));
    fireEvent.click(await screen.findByRole("button", { name: /取\s*消/ }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/liveop"));
  });

  it("leaves at once when the frame has nothing unsaved", async () => {
    fakeServer({ "GET /cms/loginrouter": menu("virtualMake"), "POST /cms/webapitokenv2": ok({ token: "T1" }) });
    renderTool(virtualMake, "/virtualMake");
    await waitFor(() => expect(frame()).not.toBeNull());
    act(() => window.dispatchEvent(new MessageEvent("message", { data: { type: "goBackTip", flag: false }, origin: window.location.origin, source: frame()!.contentWindow })));
    fireEvent.click(screen.getByRole("button", { name: /返回/ }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/liveop"));
  });

  it.each([
    { tool: virtualMake, entry: "/virtualMake" },
    { tool: recordCut, entry: "/recordCut?liveId=42" },
  ])("has one header, the top bar's: 返回 and the title there, none in the card ($entry)", async ({ tool, entry }) => {
    fakeServer({ "GET /cms/loginrouter": menu(tool.menuKey), "POST /cms/webapitokenv2": ok({ token: "T1" }), "GET /cms/account/balance": ok({ balance: 0 }) });
    renderTool(tool, entry);
    await waitFor(() => expect(frame()).not.toBeNull());
    const header = document.querySelector<HTMLElement>(".ant-layout-header")!;
    expect(header.querySelector("button[aria-label=返回]")).not.toBeNull();
    expect(header.textContent).toContain(tool.title);
    expect(screen.getAllByRole("button", { name: /返\s*回/ })).toHaveLength(1);
    expect(document.querySelector(".ant-card-head")).toBeNull();
  });

  it("asks for no token of a sub-admin without the tool's key", async () => {
    const server = fakeServer({ "GET /cms/loginrouter": menu("teacherop"), "POST /cms/webapitokenv2": ok({ token: "T1" }) });
    renderTool(virtualMake, "/virtualMake");
    expect(await screen.findByText("无权访问")).toBeTruthy();
    expect(server.calls("POST /cms/webapitokenv2")).toHaveLength(0);
  });
});

describe("the two recording cuts of a live row (2 §2: mode=data for the interaction-replay cut)", () => {
  const routeOf = (label: string) => liveOperations.find((op) => op.label === label)!.route!.replace("{Id}", "42");
  const frameQueryOf = async (route: string) => {
    fakeServer({ "GET /cms/loginrouter": menu("liveop"), "POST /cms/webapitokenv2": ok({ token: "T1" }) });
    const view = renderTool(recordCut, route);
    const src = await waitFor(() => new URL(frame()!.src));
    view.unmount();
    return Object.fromEntries(src.searchParams);
  };

  it("opens 影院回放剪辑 without a mode and 互动回放剪辑 with mode=data", async () => {
    expect(await frameQueryOf(routeOf("影院回放剪辑"))).toEqual({ token: "T1", liveId: "42" });
    expect(await frameQueryOf(routeOf("互动回放剪辑"))).toEqual({ token: "T1", liveId: "42", mode: "data" });
    // A mode the tool does not know is not passed on: the cinema cut opens.
    expect(await frameQueryOf("/recordCut?liveId=42&mode=edit")).toEqual({ token: "T1", liveId: "42" });
  });
});
