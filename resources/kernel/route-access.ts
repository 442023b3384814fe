import { cloudDiskScreens } from "../cloud-disk/screens";
import { resources } from "../index";
import { liveCourseRoute, liveOperations, subLiveRoute } from "../lives/live";
import { chatMonitorKey, liveCourseKeys } from "../lives/live-api";
import { mainAdminOnlyItems, permissionGroups } from "./menu";
import { dashboardModules, moduleKeys } from "../stats/stats";
import { examBinding, tools } from "../tools/tools";

/** Admin screens every admin may open: the home (its modules are filtered by key) and the password change. */
const everyAdmin = new Set(["/", "/changepwd"]);

const vodKeys = ["vodcourseop", "vodop"];

/**
 * The screens no declaration names yet (not built), with the menus whose pages lead there (routes.tsv;
 * 2 §2, 3 §2.1): the recorded sessions' pages and row actions, the monitor's drill-downs, the
 * second versions of the account pages. A screen built later takes its keys from its declaration.
 */
const innerRoutes: Record<string, readonly string[]> = {
  "/createLive": liveCourseKeys,
  "/userLiveStatus": ["liveMonitor"],
  "/teaTimeMachine": ["liveMonitor"],
  "/chatManager": [chatMonitorKey],
  "/recordvoditemop": vodKeys,
  "/createRecordInfo": vodKeys,
  "/changeRecordInfo": vodKeys,
  "/bindingRecordMedia": vodKeys,
  // A recorded session's rows lead to these too (3 §2.1).
  "/sellProduct": vodKeys,
  "/adInfoByLive": vodKeys,
  "/audioDown": vodKeys,
  "/accountOverviewv2": ["accountOverview"],
  "/costrecordv3": ["costrecordv2"],
};

const pathOf = (address: string) => address.split("?")[0];

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
for (const [route, keys] of Object.entries(innerRoutes)) grant(route, keys);

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
