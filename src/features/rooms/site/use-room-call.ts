import { useCallback, useEffect, useState } from "react";
import { request } from "../../../../providers/http";
import type { Endpoint } from "../../../../resources/kernel/endpoint";
import { roomMessages } from "../../../../resources/rooms/room-api";

export type RoomCallState<T> = { status: "loading" } | { status: "failed"; msg: string } | { status: "ready"; data: T };

/**
 * A room call made with the room token (the courseware, the chapters): the room has no console
 * session nor Refine, so it asks through the one HTTP client, with the freshest token the room's
 * WebSocket handed out. `refreshMs` asks again while shown (signed addresses that expire).
 */
export function useRoomCall<T>(endpoint: Endpoint, currentToken: () => string, refreshMs?: number) {
  const [state, setState] = useState<RoomCallState<T>>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    const ask = () =>
      request<T>(endpoint, { token: currentToken() }).then(
        (answer) => live && setState(answer.code === 0 ? { status: "ready", data: answer.data } : { status: "failed", msg: answer.msg }),
        () => live && setState((before) => (before.status === "ready" ? before : { status: "failed", msg: roomMessages.networkError })),
      );
    void ask();
    const timer = refreshMs ? setInterval(() => void ask(), refreshMs) : undefined;
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [endpoint, currentToken, refreshMs, attempt]);
  const retry = useCallback(() => {
    setState({ status: "loading" });
    setAttempt((n) => n + 1);
  }, []);
  /** Puts an answer in place without asking (a chapter just marked). */
  const set = useCallback((data: T) => setState({ status: "ready", data }), []);
  return { state, retry, set };
}
