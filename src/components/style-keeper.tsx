import { useEffect, useState, useSyncExternalStore, type ComponentType } from "react";
import { createPortal } from "react-dom";
import { whenIdle } from "../lib/when-idle";

// antd's CSS-in-JS counts the mounted instances of each component's style and drops the style from
// its cache when the last one unmounts; the next mount builds it again (tokens merged, stylis
// parse, hashing, the <style> looked up among all the others). A menu click from one list to
// another unmounts one table and mounts the next, so every click paid that for the table, its
// pagination, card, search box... (a third of the click's script time, measured in
// scripts/bench-browser.mjs). A screen names the antd parts it mounts with keepStyles(); the shell
// keeps one instance of each mounted, so their styles stay built for the session.

const kept: ComponentType[] = [];
let snapshot: readonly ComponentType[] = [];
const listeners = new Set<() => void>();

/** Keeps the styles of what `parts` mounts built from now on (call it once, from the screen's module). */
export function keepStyles(parts: ComponentType): void {
  if (kept.includes(parts)) return;
  kept.push(parts);
  snapshot = [...kept];
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

// Never attached to the document: nothing here is laid out, seen, focused or found by a selector.
let holder: HTMLElement | null = null;

/** Rendered once by the shell, inside the app's theme, so the kept styles are the pages' own. */
export function StyleKeepers() {
  const named = useSyncExternalStore(subscribe, () => snapshot);
  // Mounted once the browser is idle, after the screen that named them has painted.
  const [parts, setParts] = useState<readonly ComponentType[]>([]);
  useEffect(() => {
    if (named === parts) return;
    return whenIdle(() => setParts(named), 2000);
  }, [named, parts]);
  if (parts.length === 0) return null;
  holder ??= document.createElement("div");
  return createPortal(
    <>
      {parts.map((Part, index) => (
        <Part key={index} />
      ))}
    </>,
    holder,
  );
}
