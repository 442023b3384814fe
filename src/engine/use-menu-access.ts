import { useEffect, useState } from "react";
import { loadServerMenu } from "../lib/server-menu";

export type Access = "checking" | "allowed" | "denied" | "failed";

/**
 * Whether the signed-in admin holds a menu key, asked once per page from the server's menu
 * (`GET /cms/loginrouter`), never once per row. The server refuses what it does not grant anyway;
 * this only keeps a person from a page of refusals.
 */
export function useMenuAccess(menuKey: string) {
  const [access, setAccess] = useState<Access>("checking");
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setAccess("checking");
    loadServerMenu()
      .then((menu) => live && setAccess(menu.keys?.includes(menuKey) ? "allowed" : "denied"))
      .catch(() => live && setAccess("failed"));
    return () => {
      live = false;
    };
  }, [menuKey, attempt]);

  return { access, retry: () => setAttempt((n) => n + 1) };
}
