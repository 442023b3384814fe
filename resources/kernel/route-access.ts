import { changePasswordForm } from "../auth/forms";
import { adminOwnRoutes } from "../auth/routes";
import { cloudDiskScreens } from "../cloud-disk/screens";
import { formPages, resources } from "../index";
import { recordedSessionPages } from "../vod/routes";
import { liveCourseRoute, liveOperations, subLiveRoute } from "../lives/live";
import { liveCourseKeys } from "../lives/live-api";
import { mainAdminOnlyItems, permissionGroups } from "./menu";
import { pathOf } from "./route";
import { routeTable } from "../routes";
import { dashboardModules, moduleKeys } from "../stats/stats";
import { examBinding, tools } from "../tools/tools";

/** Admin screens every admin may open: the home (its modules are filtered by key) and the password change. */
const everyAdmin = new Set([adminOwnRoutes.home.route, changePasswordForm.route]);


/** Route → the menu keys any of which opens it, gathered from every declaration that names the route. */
const keysByRoute = new Map<string, Set<string>>();
const grant = (route: string, keys: readonly string[]) => {
  const held = keysByRoute.get(route) ?? new Set<string>();
  for (const key of keys) held.add(key);
  keysByRoute.set(route, held);
};

for (const item of [...permissionGroups.flatMap((group) => group.items), ...mainAdminOnlyItems]) grant(`/${item.key}`, [item.key]);
for (const decl of resources) {
  const keys = [decl.menu.key, ...(decl.menu.alsoFor ?? [])];
  for (const address of [decl.route, decl.show, decl.createRoute, decl.editRoute]) if (address) grant(pathOf(address), keys);
}
for (const tool of [...tools, examBinding]) grant(tool.route, [tool.menuKey]);
for (const screen of cloudDiskScreens) grant(screen.route, [screen.menuKey]);
for (const operation of liveOperations) if (operation.route) grant(pathOf(operation.route), liveCourseKeys);
for (const route of [liveCourseRoute, subLiveRoute]) grant(route, liveCourseKeys);
for (const page of formPages) if (page.access) grant(page.route, [page.access].flat());
// A page reached from inside others opens with their keys, once theirs are all known.
const keysOf = (route: string) => [...(keysByRoute.get(route) ?? [])];
for (const { route, within } of routeTable) if (within) grant(route, within.flatMap(keysOf));
for (const route of recordedSessionPages.routes) grant(route, recordedSessionPages.within.flatMap(keysOf));

// A statistics page needs what its module's calls need; figures of how the teaching went need nothing.
const openStatPages = new Set<string>();
for (const module of dashboardModules) {
  if (!module.more) continue;
  const keys = moduleKeys(module);
  if (keys.length) grant(module.more, keys);
  else openStatPages.add(module.more);
}

/**
 * The menu keys any of which lets an admin open an admin-shell route (1 §3): `null` for a screen
 * every admin may open, `undefined` for a route nothing declares (a test keeps that from happening).
 * The shell shows 无权访问 for the rest, built or not, before the screen asks the server anything.
 */
export function routeMenuKeys(pathname: string): readonly string[] | null | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (everyAdmin.has(path) || openStatPages.has(path)) return null;
  const keys = keysByRoute.get(path);
  return keys && [...keys];
}
