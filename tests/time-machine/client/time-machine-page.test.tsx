import { screen, waitFor } from "@testing-library/react";
import dayjs from "dayjs";
import { afterEach, describe, expect, it } from "vitest";
import { setHttpAdapter } from "../../../providers/http";
import { timeMachinePage } from "../../../resources/time-machine/page";
import { timeMachineMessages } from "../../../resources/time-machine/time-machine";
import { engineRegistry } from "../../../src/app/engine-registry";
import { PanelPage } from "../../../src/engine/panel-page";
import { EngineRegistryProvider } from "../../../src/engine/registry";
import { freezeClock } from "../../kernel/support/clock";
import { fakeServer, ok, type SeenRequest } from "../../kernel/client/support/fake-server";
import { renderPage } from "../../users/client/render-page";

/**
 * /teaTimeMachine as declared (resources/time-machine/page.ts): the engine's panel page with its
 * permission and the address's liveId around the timeline, which asks teacherfootmark for that live
 * and shows its frames in the 8 slots.
 */

freezeClock("2026-11-28T10:00:00+08:00");
afterEach(() => setHttpAdapter());

const at = Date.parse("2026-11-28T09:30:00+08:00");
const shots = [at, at + 60_000].map((ts, i) => ({ ts, url: `/cms/teacherfootmark/${String(i).padStart(32, "a")}.jpg` }));

function render(url: string, keys = ["liveMonitor"]) {
  const server = fakeServer({
    "GET /cms/loginrouter": ok({ groups: [], keys }),
    "GET /cms/intercheck": ok(),
    "GET /cms/teacherfootmark": (request: SeenRequest) =>
      ok({ title: `直播${String(request.params?.liveid)}`, timesort: shots.map((s) => s.ts), imagelist: Object.fromEntries(shots.map((s) => [String(s.ts), s])) }),
  });
  renderPage(
    url,
    <EngineRegistryProvider registry={engineRegistry}>
      <PanelPage decl={timeMachinePage} />
    </EngineRegistryProvider>,
  );
  return server;
}

describe("/teaTimeMachine", () => {
  it("shows the live's frames in its slots, the live named by the address", async () => {
    const server = render("/teaTimeMachine?liveId=42");
    expect(await screen.findByText("直播42")).toBeTruthy();
    const list = screen.getByRole("list", { name: /截图时间线/ });
    await waitFor(() => expect(screen.getAllByRole("img", { name: /^直播截图 / })).toHaveLength(2), { timeout: 5_000 });
    expect(screen.getByRole("img", { name: `直播截图 ${dayjs(shots[1].ts).format("YYYY-MM-DD HH:mm:ss")}` }).getAttribute("src")!.endsWith(shots[1].url)).toBe(true);
    expect(list.querySelectorAll('[role="listitem"]')).toHaveLength(8);
    expect(screen.getAllByRole("listitem", { name: "空位" })).toHaveLength(6);
    expect(screen.getByText("共 2 张截图")).toBeTruthy();
    expect(server.calls("GET /cms/teacherfootmark")[0].params).toEqual({ liveid: 42 });
  });

  it("says the live is missing instead of asking", async () => {
    const server = render("/teaTimeMachine");
    expect(await screen.findByText(timeMachineMessages.noLive)).toBeTruthy();
    expect(server.calls("GET /cms/teacherfootmark")).toHaveLength(0);
  });

  it("keeps out an admin without the live monitor's key", async () => {
    const server = render("/teaTimeMachine?liveId=42", ["liveop"]);
    expect(await screen.findByText("无权访问")).toBeTruthy();
    expect(server.calls("GET /cms/teacherfootmark")).toHaveLength(0);
  });
});
