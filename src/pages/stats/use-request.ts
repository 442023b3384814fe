import { useEffect, useRef, useState } from "react";
import type { Endpoint } from "../../../resources/endpoint";
import { call, errorText, type Payload } from "../../../providers/http";
import { LOADING, type Load } from "./load-state";

/**
 * One call per distinct query: asking again for the same query (a re-render, or React's
 * development double effect) reuses the request already made; a stale answer never
 * replaces the current one.
 */
export function useRequest<T>(endpoint: Endpoint, query: Payload): Load<T> {
  const key = JSON.stringify(query);
  const made = useRef<{ key: string; promise: Promise<T> } | null>(null);
  const [answer, setAnswer] = useState<{ key: string; load: Load<T> } | null>(null);

  useEffect(() => {
    if (made.current?.key !== key) made.current = { key, promise: call<T>(endpoint, JSON.parse(key) as Payload) };
    let live = true;
    made.current.promise.then(
      (data) => live && setAnswer({ key, load: { status: "ok", data } }),
      (error: unknown) => live && setAnswer({ key, load: { status: "error", error: errorText(error) } }),
    );
    return () => {
      live = false;
    };
  }, [endpoint, key]);

  return answer?.key === key ? answer.load : LOADING;
}
