import { useContext, useEffect, useMemo, useRef, useState } from "react";
import { loadServerMenu, ShellMenuContext, type ServerMenu } from "../../../lib/server-menu";

const none: ReadonlySet<string> = new Set();

/**
 * The menu keys the signed-in admin holds: inside the admin shell from the menu it loaded for its
 * sidebar, elsewhere (a story, a test) asked once. Null until known. A menu that cannot be read
 * grants nothing: the page then shows only what needs no key, and the server refuses the rest anyway.
 */
export function useHeldKeys(): ReadonlySet<string> | null {
  const shellMenu = useContext(ShellMenuContext);
  const [asked, setAsked] = useState<ReadonlySet<string> | null>(null);
  // Asked once per page, React's development double effect included.
  const request = useRef<Promise<ServerMenu> | null>(null);
  // One set per menu, so a page's effects that depend on it run once per menu, not per render.
  const fromShell = useMemo(() => (shellMenu && shellMenu !== "loading" ? new Set(shellMenu.keys) : null), [shellMenu]);

  useEffect(() => {
    if (shellMenu !== null) return;
    let live = true;
    request.current ??= loadServerMenu();
    request.current
      .then((menu) => live && setAsked(new Set(menu.keys)))
      .catch(() => live && setAsked(none));
    return () => {
      live = false;
    };
  }, [shellMenu]);

  if (shellMenu === "loading") return null;
  return fromShell ?? asked;
}
