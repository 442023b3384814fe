import type { AccessControlProvider } from "@refinedev/core";
import { mainAdminOnlyItems } from "../resources/kernel/menu";
import type { ServerMenu } from "./session";
import { sessionStore } from "./session-store";

/** What a page or a resource asks for: any one of its menu keys, and whether only the main admin may. */
export interface AccessNeed {
  keys: readonly string[];
  mainAdminOnly?: boolean;
}

// The server lists the main-admin-only menus (子管理员, 操作记录) for the main admin alone: a
// sub-admin's saved grant cannot name them (resources/kernel/menu.ts grantedKeys), so holding one is
// what marks the main admin in the menu the client has.
const mainAdminKeys = new Set(mainAdminOnlyItems.map((item) => item.key));

/**
 * The one decision of the console's access (the server's `needAnyMenu` mirrored): the main admin
 * may open everything; anyone else only what one of the needed keys grants, never a main-admin-only
 * screen. A need naming no key is open to every admin.
 */
export function decideAccess(menu: Pick<ServerMenu, "keys">, need: AccessNeed): boolean {
  const held = new Set(menu.keys);
  if ([...mainAdminKeys].some((key) => held.has(key))) return true;
  if (need.keys.length === 0) return !need.mainAdminOnly;
  if (need.mainAdminOnly || need.keys.some((key) => mainAdminKeys.has(key))) return false;
  return need.keys.some((key) => held.has(key));
}

/** A resource's need, from the meta the console gives `<Refine resources>` (src/app/refine-resources.ts). */
const needOfMeta = (meta: Record<string, unknown> | undefined): AccessNeed => ({
  keys: Array.isArray(meta?.menuKeys) ? (meta.menuKeys as string[]) : [],
  mainAdminOnly: meta?.mainAdminOnly === true,
});

/**
 * Refine's access control over the server's menu, read from the one session store: `useCan` and
 * `<CanAccess>` ask it with a resource (its declared keys) or with `params.keys` (a page's keys).
 * A menu that cannot be read rejects, so the page offers 重试 rather than guessing.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ params }) => {
    const menu = await sessionStore.menu();
    const need = Array.isArray(params?.keys) ? { keys: params.keys as string[], mainAdminOnly: params?.mainAdminOnly === true } : needOfMeta(params?.resource?.meta);
    const can = decideAccess(menu, need);
    return can ? { can } : { can, reason: "无权访问" };
  },
};
