import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import type { Endpoint } from "../../resources/kernel/endpoint";
import { useCallMutation } from "../lib/use-call";

export type TokenState = { status: "loading" } | { status: "failed" } | { status: "ready"; token: string };

/**
 * A fresh token for `tool` from the declared token call (POST /cms/webapitokenv2) on every entry to
 * the route, the same route entered again included (3 §4: the page re-fetches on re-entry), and on
 * `retry`. Null holds the call back (a page without what the token is for).
 */
export function useFrameToken(endpoint: Endpoint | null, tool: string | null) {
  const { key } = useLocation();
  const { send } = useCallMutation();
  // One request per entry: the effect follows the entry, never the identity of the mutation's function.
  const sendRef = useRef(send);
  sendRef.current = send;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<TokenState>({ status: "loading" });

  useEffect(() => {
    let current = true;
    setState({ status: "loading" });
    if (!endpoint || !tool) return;
    sendRef.current<{ token?: string }>(endpoint, { tool }).then(
      (answer) => current && setState(answer.data?.token ? { status: "ready", token: answer.data.token } : { status: "failed" }),
      () => current && setState({ status: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [endpoint, tool, key, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
