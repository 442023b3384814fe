import { homeOf } from "./auth/auth";
import { cloudDiskScreens } from "./cloud-disk/screens";
import type { ResourceDecl } from "./kernel/define";
import { formPages, recordPages, resources, tabbedPages } from "./index";
import { pathOf, type RouteDecl } from "./kernel/route";
import { examBinding, tools } from "./tools/tools";
import { adminOwnRoutes, signInRoutes } from "./auth/routes";
import { billingRoutes } from "./billing/routes";
import { liveRoutes } from "./lives/routes";
import { portalRoutes } from "./portal/routes";
import { roomShellRoutes } from "./rooms/routes";
import { statRoutes } from "./stats/routes";
import { vodRoutes } from "./vod/routes";

/** A resource's routes: its list, and its detail and full-page forms where it has them. */
function resourceRoutes(decl: ResourceDecl): RouteDecl[] {
  const pages = [
    { address: decl.show, title: decl.pageTitles?.show },
    { address: decl.createRoute, title: decl.pageTitles?.create },
    { address: decl.editRoute, title: decl.pageTitles?.edit },
  ];
  return [
    ...(decl.inPage ? [] : [{ route: decl.route, title: decl.title, shell: "admin" as const, ...(decl.pageSizes ? { pageSizes: decl.pageSizes } : {}) }]),
    ...pages.flatMap(({ address, title }) => {
      if (!address) return [];
      if (!title) throw new Error(`${decl.name}: ${pathOf(address)} 没有标题（pageTitles）`);
      return [{ route: pathOf(address), title, shell: "admin" as const }];
    }),
  ];
}

const portalHomes = Object.entries(homeOf).filter(([who]) => who !== "admin").map(([, home]) => `${home}/`);

/**
 * Every console route (routes.tsv), each declared once: by its resource, its full-page form, its
 * tool, its cloud-disk screen, or a route declaration of its feature. The app's route table, page and document titles
 * and the sidebar's titles are derived from it.
 */
export const routeTable: readonly RouteDecl[] = [
  ...Object.values(signInRoutes),
  ...Object.values(adminOwnRoutes),
  ...resources.flatMap(resourceRoutes),
  // A page of the lives' table that a declaration draws (the monitor's lists, the AI chat frame) is declared by it, with the same route and title.
  ...liveRoutes.filter(({ route }) => !resources.some((decl) => !decl.inPage && decl.route === route) && !tools.some((tool) => tool.route === route)),
  ...formPages.map(({ route, title }) => ({ route, title, shell: "admin" as const })),
  ...recordPages.map(({ route, title }) => ({ route, title, shell: "admin" as const })),
  ...tabbedPages.map(({ route, title }) => ({ route, title, shell: "admin" as const })),
  ...vodRoutes,
  ...billingRoutes,
  ...statRoutes,
  ...[...tools, examBinding].map(({ route, title }) => ({ route, title, shell: "admin" as const })),
  ...cloudDiskScreens.map(({ route, title }) => ({ route, title, shell: portalHomes.some((home) => route.startsWith(home)) ? ("portal" as const) : ("admin" as const) })),
  ...portalRoutes,
  ...roomShellRoutes,
];

/** Path → title, for every declared route. */
export const routeTitles: Readonly<Record<string, string>> = Object.fromEntries(routeTable.map(({ route, title }) => [route, title]));
