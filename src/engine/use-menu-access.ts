import { useContext, useEffect, useState } from "react";
import { loadServerMenu, ShellMenuContext, type ServerMenu } from "../lib/server-menu";

export type Access = "checking" | "allowed" | "denied" | "failed";

const accessIn = (menu: ServerMenu, menuKey: string | readonly string[]): Access =>
  [menuKey].flat().some((key) => menu.keys?.includes(key)) ? "allowed" : "denied";

/**
 * Whether the signed-in admin holds a menu key, read from the server's menu (`GET /cms/loginrouter`):
 * inside the admin shell from the copy the shell loaded for its sidebar, elsewhere (a story, a
 * test) asked once per page, never once per row. The server refuses what it does not grant anyway;
 * this only keeps a person from a page of refusals.
 */
export function useMenuAccess(menuKey: string | readonly string[]) {
  const shellMenu = useContext(ShellMenuContext);
  const [access, setAccess] = useState<Access>("checking");
  const [attempt, setAttempt] = useState(0);
  // By value: a page may pass a new list of the same keys on every render.
  const keys = [menuKey].flat().join(" ");

  useEffect(() => {
    if (shellMenu !== null) return;
    let live = true;
    setAccess("checking");
    loadServerMenu()
      .then((menu) => live && setAccess(accessIn(menu, keys.split(" "))))
      .catch(() => live && setAccess("failed"));
    return () => {
      live = false;
    };
  }, [shellMenu, keys, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (shellMenu === "loading") return { access: "checking" as Access, retry };
  if (shellMenu) return { access: accessIn(shellMenu, menuKey), retry };
  return { access, retry };
}
