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
