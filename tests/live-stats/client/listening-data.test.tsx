import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { listeningData } from "../../../resources/live-stats/listening-data";
import { setHttpAdapter } from "../../../providers/http";
import { engineRegistry } from "../../../src/app/engine-registry";
import { CallScreen } from "../../../src/engine/call-screen";
import { EngineRegistryProvider } from "../../../src/engine/registry";
import { fakeServer, ok, type SeenRequest } from "../../kernel/client/support/fake-server";
import { renderPage, where } from "../../users/client/render-page";
import { freezeClock } from "../../kernel/support/clock";

// The rows carry times of a live held on 2026-11-20 (tests/kernel/support/clock.ts).
freezeClock("2026-11-21T10:00:00+08:00");

afterEach(() => setHttpAdapter());

const log = (n: number) => ({ id: n, username: `观众${n}`, intime: "2026-11-20 10:00:00", outtime: "", duration: 60, device: "ios", ip: "1.1.1.1", userid: n, exparam: "" });

function render() {
  const server = fakeServer({
    "GET /cms/loginrouter": ok({ groups: [], keys: ["liveUserData"] }),
    "GET /admin/statistic": () => ok({ total: 2, page: 1, limit: 10, resultset: [log(1), log(2)] }),
    "GET /cms/liveattendance": (r: SeenRequest) => ok({ total: 0, page: 1, limit: 10, resultset: [], live: { id: 5, title: "x", ratio: Number(r.params?.ratio) } }),
  });
  renderPage(
    "/exportLiveUserDataShowData?liveId=5&title=x",
    <EngineRegistryProvider registry={engineRegistry}>
      <CallScreen decl={listeningData} />
    </EngineRegistryProvider>,
  );
  return server;
}

describe("the listening data (a declared call screen)", () => {
  it("lists the viewer log of the live in the address, hides a column chosen away, and counts the rows selected", async () => {
    const server = render();
    expect(await screen.findByText("观众1")).toBeTruthy();
    expect(server.calls("GET /admin/statistic")[0].params).toMatchObject({ liveid: 5, mode: "detail", page: 1, limit: 10 });
    expect(screen.getAllByText("iOS")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: "列设置" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "设备类型" }));
    await waitFor(() => expect(screen.queryByText("iOS")).toBeNull());
    const row = screen.getByText("观众2").closest("tr")!;
    fireEvent.click(within(row).getByRole("checkbox"));
    expect(await screen.findByRole("button", { name: /导出所选（1）/ })).toBeTruthy();
  });

  it("keeps the live in the address on another tab, and sends the attendance ratio set there", async () => {
    const server = render();
    await screen.findByText("观众1");
    fireEvent.click(screen.getByRole("tab", { name: "直播考勤" }));
    expect(where()).toBe("/exportLiveUserDataShowData?liveId=5&title=x&tab=attendance");
    await waitFor(() => expect(server.calls("GET /cms/liveattendance")[0]?.params).toMatchObject({ liveid: 5, ratio: 80 }));
    fireEvent.change(screen.getByRole("spinbutton", { name: "出勤标准：在线时长达到直播时长的" }), { target: { value: "60" } });
    await waitFor(() => expect(server.calls("GET /cms/liveattendance").at(-1)!.params).toMatchObject({ ratio: 60 }));
  });
});
