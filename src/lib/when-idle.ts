import { onceRequestsSettled, quietForMs } from "../../providers/http";

/**
 * Runs `run` once the browser is idle (after what is on screen has painted), or after `timeout` ms
 * at the latest when given; returns the cancel. Where requestIdleCallback is missing (jsdom,
 * Safari), a 200 ms timer stands in.
 */
export function whenIdle(run: () => void, timeout?: number): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, timeout ? { timeout } : undefined);
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/**
 * Runs `run` once the page's own requests are done (none on its way for `quietMs`) and the browser
 * is idle: for fetching ahead what a person may open next without slowing what they opened (on a
 * slow link the page's data comes first). Returns the cancel.
 */
export function whenQuiet(run: () => void, quietMs = 1000): () => void {
  let cancelStep = () => {};
  let cancelled = false;
  const step = () => {
    if (cancelled) return;
    const quiet = quietForMs();
    if (quiet < 0) cancelStep = onceRequestsSettled(step);
    else if (quiet >= quietMs) cancelStep = whenIdle(run);
    else {
      const id = window.setTimeout(step, quietMs - quiet);
      cancelStep = () => window.clearTimeout(id);
    }
  };
  step();
  return () => {
    cancelled = true;
    cancelStep();
  };
}
