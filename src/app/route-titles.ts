import { routeTable, routeTitles } from "../../resources/routes";
import { titled } from "./app-name";

/**
 * Every route of the route table with its Chinese title, derived from the declarations
 * (resources/routes.ts). The document title follows it on each navigation (1 §9), and the
 * console renders a route only if it is declared, so a route declared nowhere is a 404.
 */
export { routeTitles };

/** The declared routes of one shell. */
export const routesOfShell = (shell: (typeof routeTable)[number]["shell"]): string[] =>
  routeTable.filter((route) => route.shell === shell).map(({ route }) => route);


/** The title of a path: exact, trailing slash ignored; unknown paths get "页面不存在". */
export function routeTitle(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return routeTitles[path];
}

export function documentTitle(pathname: string): string {
  return titled(routeTitle(pathname) ?? "页面不存在");
}
