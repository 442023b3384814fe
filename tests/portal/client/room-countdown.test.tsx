import { act, renderHook, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PortalRoom } from "../../../resources/portal/portal";
import { setHttpAdapter } from "../../../providers/http";
import { CalendarPage } from "../../../src/features/portal/calendar/calendar-page";
import { formatCountdown, useRoomCountdown } from "../../../src/features/portal/rooms/use-room-countdown";
import { dayRooms } from "../../../stories/portal/portal-fixtures";
import { fakeServer, ok } from "../../kernel/client/support/fake-server";
import { renderPage } from "../../users/client/render-page";

/**
 * The not-started room's countdown (2 §4): one tick a second from `enterts`, and the list asked for
 * again when it reaches zero or after more than 60 ticks. Only the interval timers are faked:
 * react-query hands answers over through setTimeout (tests/kernel/client/setup.ts, commit f8c5dd8).
 */

const waiting = (enterts: number): PortalRoom => ({ ...dayRooms[3], enterts });
const live = dayRooms[2];

beforeEach(() => vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] }));
afterEach(() => {
  vi.useRealTimers();
  setHttpAdapter();
});

describe("useRoomCountdown", () => {
  it("ticks once a second and reloads when the soonest room reaches zero", () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useRoomCountdown([live, waiting(3), waiting(10)], 1, reload));
    expect(result.current).toBe(0);
    act(() => void vi.advanceTimersByTime(2000));
    expect(result.current).toBe(2);
    expect(reload).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1000));
    expect(result.current).toBe(3);
    expect(reload).toHaveBeenCalledTimes(1);
    // Stopped until the new answer arrives.
    act(() => void vi.advanceTimersByTime(5000));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads after more than 60 ticks when nothing reaches zero, and counts again from the new answer", () => {
    const reload = vi.fn();
    const { result, rerender } = renderHook(({ at }) => useRoomCountdown([waiting(3600)], at, reload), { initialProps: { at: 1 } });
    act(() => void vi.advanceTimersByTime(60_000));
    expect(result.current).toBe(60);
    expect(reload).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1000));
    expect(reload).toHaveBeenCalledTimes(1);
    rerender({ at: 2 });
    expect(result.current).toBe(0);
    act(() => void vi.advanceTimersByTime(61_000));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not count when no room is waiting to start", () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useRoomCountdown([live, dayRooms[0], dayRooms[1]], 1, reload));
    act(() => void vi.advanceTimersByTime(120_000));
    expect(result.current).toBe(0);
    expect(reload).not.toHaveBeenCalled();
  });

  it("reads as days, hours, minutes and seconds", () => {
    expect(formatCountdown(9)).toBe("00:09");
    expect(formatCountdown(3 * 60 + 9)).toBe("03:09");
    expect(formatCountdown(2 * 3600 + 5 * 60 + 9)).toBe("02:05:09");
    expect(formatCountdown(86_400 + 1)).toBe("1天00:00:01");
    expect(formatCountdown(-4)).toBe("00:00");
  });
});

describe("the day's rooms on the calendar", () => {
  const serve = (enterts: number) => {
    let answered = 0;
    const server = fakeServer({
      "GET /api/v1/user/liveinfo": ok({ livedate: [] }),
      "GET /api/v1/calendar/subscription": ok({ active: false, createTime: "" }),
      // Entry opens once the first answer's countdown has run out.
      "GET /api/v1/user/live": () => (answered++ === 0 ? ok([live, waiting(enterts)]) : ok([live, { ...waiting(0), status: 0 }])),
    });
    renderPage("/stuIndex", <CalendarPage role="student" />);
    return server;
  };

  it("counts a not-started room down and reloads the list at zero: the room opens", async () => {
    const server = serve(3);
    expect(await screen.findByText("00:03后可进入")).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText("00:02后可进入")).toBeTruthy();
    expect(server.calls("GET /api/v1/user/live")).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(2000));
    await waitFor(() => expect(server.calls("GET /api/v1/user/live")).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByRole("button", { name: "进入直播" })).toHaveLength(2));
    expect(screen.queryByText(/后可进入$/)).toBeNull();
  });

  it("reloads after more than 60 ticks of a long countdown", async () => {
    const server = serve(7200);
    expect(await screen.findByText("02:00:00后可进入")).toBeTruthy();
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByText("01:59:00后可进入")).toBeTruthy();
    expect(server.calls("GET /api/v1/user/live")).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(1000));
    await waitFor(() => expect(server.calls("GET /api/v1/user/live")).toHaveLength(2));
  });
});
