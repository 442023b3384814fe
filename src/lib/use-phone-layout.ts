import { useSyncExternalStore } from "react";

// antd's md breakpoint: below it the portal has no room for a sidebar beside its content.
const narrow = "(max-width: 767.98px)";

const subscribe = (changed: () => void) => {
  const list = window.matchMedia(narrow);
  list.addEventListener("change", changed);
  return () => list.removeEventListener("change", changed);
};

/**
 * Whether the window is a phone's (390 px wide, say): read at the first render, not after it, so a
 * phone never flashes the desktop layout first (antd's Grid.useBreakpoint answers only after a render).
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(narrow).matches);
}
