import { lazy, Suspense, useEffect, useState } from "react";
import type { ServerMenu } from "../lib/server-menu";

// The dialog, its list and its search load on the first Ctrl+K: the shell pays only for this listener.
const CommandPalette = lazy(async () => ({ default: (await import("./command-palette")).CommandPalette }));

const isPaletteKey = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";

/** Ctrl+K (⌘K on a Mac) anywhere in the admin console opens the command palette over `menu`. */
export function CommandPaletteLauncher({ menu }: { menu: ServerMenu | null }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPaletteKey(event)) return;
      // The browser's own Ctrl+K (its search bar) would take focus out of the page.
      event.preventDefault();
      setLoaded(true);
      setOpen((was) => !was);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  if (!menu || !loaded) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} onClose={() => setOpen(false)} menu={menu} />
    </Suspense>
  );
}
