import { useEffect, useSyncExternalStore } from "react";
import { sessionStore, type MenuState } from "../../providers/session-store";

export type { ServerMenu, ServerMenuGroup, ServerMenuItem } from "../../providers/session";

/**
 * The signed-in identity's menu from the one session store (providers/session-store.ts): the copy
 * asked right behind the page load's session check, shared by the sidebar, the access control and
 * every page, asked again only after a failure (`retry`). `enabled: false` never asks (a student).
 */
export function useServerMenu({ enabled = true } = {}): MenuState & { retry: () => void } {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.menuState);
  useEffect(() => {
    if (enabled && state.status === "idle") void sessionStore.menu().catch(() => undefined);
  }, [enabled, state.status]);
  return { ...state, retry: () => void sessionStore.menu().catch(() => undefined) };
}
