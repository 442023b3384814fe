import type { FrameDecl } from "../../resources/kernel/frame";

/**
 * The frame's address (3 §2.5): the open-platform base of /config.json, the tool's fixed sub-path,
 * the token, the route's parameters the declaration passes on, and for the AI pages the time.
 */
export function frameAddress(tool: FrameDecl, base: string, token: string, search: URLSearchParams, now = Date.now()): string {
  const url = new URL(base.replace(/\/+$/, "") + tool.subPath, window.location.href);
  url.searchParams.set("token", token);
  for (const param of tool.params ?? []) {
    const value = search.get(param.name);
    if (value && (!param.values || param.values.includes(value))) url.searchParams.set(param.name, value);
  }
  if (tool.timestamp) url.searchParams.set("ts", String(now));
  return url.href;
}

/** The origin whose messages the page listens to: the frame's own, never any window's. */
export const frameOrigin = (base: string) => new URL(base, window.location.href).origin;
