import { createContext } from "react";
import { authApi } from "../../resources/auth/auth";
import { call } from "../../providers/http";

export interface ServerMenuItem {
  key: string;
  label: string;
  /** The console route, e.g. "/teacherop". */
  path: string;
}

export interface ServerMenuGroup {
  key: string;
  label: string;
  items: ServerMenuItem[];
}

/** `GET /cms/loginrouter` data: sidebar groups in order, and the granted menu keys. */
export interface ServerMenu {
  groups: ServerMenuGroup[];
  keys?: string[];
}

export async function loadServerMenu(): Promise<ServerMenu> {
  const menu = await call<ServerMenu | null>(authApi.menu);
  return { groups: Array.isArray(menu?.groups) ? menu.groups : [], keys: Array.isArray(menu?.keys) ? menu.keys : [] };
}

/**
 * The menu the admin shell has loaded for its sidebar, shared with the pages inside it so a page's
 * access check does not ask the server a second time: "loading" until it is in, null outside a shell.
 */
export const ShellMenuContext = createContext<ServerMenu | "loading" | null>(null);
