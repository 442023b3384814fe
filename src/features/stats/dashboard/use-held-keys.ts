import { useMemo } from "react";
import { useServerMenu } from "../../../lib/server-menu";

const none: ReadonlySet<string> = new Set();

/**
 * The menu keys the signed-in admin holds, from the one session store's menu (the sidebar's own
 * copy, never asked again). Null until known. A menu that cannot be read grants nothing: the page
 * then shows only what needs no key, and the server refuses the rest anyway.
 */
export function useHeldKeys(): ReadonlySet<string> | null {
  const menu = useServerMenu();
  // One set per menu, so a page's effects that depend on it run once per menu, not per render.
  const ready = menu.status === "ready" ? menu.menu : null;
  const held = useMemo(() => (ready ? new Set(ready.keys) : null), [ready]);
  if (menu.status === "failed") return none;
  return held;
}
