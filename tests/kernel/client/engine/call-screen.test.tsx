import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PortalClass, PortalRoom } from "../../../../resources/portal/portal";
import { portalScreens } from "../../../../resources/portal/screens";
import { setHttpAdapter } from "../../../../providers/http";
import { engineRegistry } from "../../../../src/app/engine-registry";
import { CallScreen } from "../../../../src/engine/call-screen";
import { EngineRegistryProvider } from "../../../../src/engine/registry";
import { dayRooms } from "../../../../stories/portal/portal-fixtures";
import { fakeServer, ok, type SeenRequest } from "../support/fake-server";
import { renderPage, where } from "../../../users/client/render-page";

/**
 * A declared screen of a call's rows (resources/kernel/call-list.ts), as the portal's 我的课程
 * declares it: tabs kept in the address, each a value of the call; rows inside the answer's object;
 * an expanded row listing another call with the row's fields; a named cell (the room's countdown).
 */

const courses: PortalClass[] = [
  { class_id: 7, class_name: "高一数学·函数专题", group_id: 3, end: 2, total: 5 },
  { class_id: 8, class_name: "新开的课", group_id: 3, end: 0, total: 0 },
];
const waiting: PortalRoom = { ...dayRooms[3], enterts: 3 };

beforeEach(() => vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] }));
afterEach(() => {
  vi.useRealTimers();
  setHttpAdapter();
});

function render() {
  let roomAnswers = 0;
  const server = fakeServer({
    "GET /api/v1/user/class": (r: SeenRequest) => ok({ classes: Number(r.params?.time_out) === 0 ? courses : [] }),
    "GET /api/v1/class/rooms": () => ok(roomAnswers++ === 0 ? [dayRooms[1], waiting] : [dayRooms[1], { ...waiting, enterts: 0, status: 0 }]),
  });
  renderPage(
    "/stuIndex/courses",
    <EngineRegistryProvider registry={engineRegistry}>
      <CallScreen decl={portalScreens.courses} params={{ user_type: 0 }} />
    </EngineRegistryProvider>,
  );
  return server;
}

describe("a declared screen of a call's rows (我的课程)", () => {
  it("lists the rows inside the answer with the screen's parameters and a named cell", async () => {
    const server = render();
    expect(await screen.findByText("高一数学·函数专题")).toBeTruthy();
    expect(screen.getByText("已上2/5讲")).toBeTruthy();
    expect(screen.getByText("暂无直播")).toBeTruthy();
    expect(server.calls("GET /api/v1/user/class")[0].params).toEqual({ user_type: 0, time_out: 0 });
  });

  it("keeps the tab in the address and says the tab's own empty words", async () => {
    const server = render();
    await screen.findByText("高一数学·函数专题");
    fireEvent.click(screen.getByRole("tab", { name: "已结束" }));
    expect(await screen.findByText("没有已结束的课程")).toBeTruthy();
    expect(where()).toBe("/stuIndex/courses?tab=ended");
    expect(server.calls("GET /api/v1/user/class").at(-1)!.params).toEqual({ user_type: 0, time_out: 1 });
  });

  it("expands a row to the rooms of its call, counting a not-started room down and asking again at zero", async () => {
    const server = render();
    await screen.findByText("高一数学·函数专题");
    fireEvent.click(document.querySelector(".ant-table-row-expand-icon")!);
    expect(await screen.findByText("00:03后可进入")).toBeTruthy();
    expect(server.calls("GET /api/v1/class/rooms")[0].params).toEqual({ user_type: 0, group_id: "3", class: "7" });
    act(() => void vi.advanceTimersByTime(3000));
    await waitFor(() => expect(server.calls("GET /api/v1/class/rooms")).toHaveLength(2));
    await waitFor(() => expect(screen.queryByText(/后可进入$/)).toBeNull());
    expect(screen.getAllByRole("button", { name: "进入直播" }).length).toBeGreaterThan(0);
  });
});
