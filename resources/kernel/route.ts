/**
 * One console route as plain data: its path, its title (the page header and the document title,
 * 1 §9), the shell it renders in (routes.tsv `shell`), and its page sizes where its list pages
 * otherwise (resources/kernel/paging.ts). A route with a resource declaration is declared there
 * (resources/kernel/define.ts); the rest in resources/routes/<feature>.ts.
 */
export type Shell = "public" | "admin" | "portal" | "room";

export interface RouteDecl {
  route: string;
  title: string;
  shell: Shell;
  pageSizes?: readonly number[];
  /**
   * The routes (of the same feature) this page is reached from inside: whoever may open one of them
   * may open it (resources/kernel/route-access.ts), as routes.tsv gives no menu of its own.
   */
  within?: readonly string[];
}

/** The path of an address: `/teacherInfo?teacherId={Id}` → `/teacherInfo`. */
export const pathOf = (address: string): string => address.split("?")[0];

/** A page of `adminPages`: its title, or its title and the routes it is reached from. */
type PageSpec = string | { title: string; within: readonly string[] };

/**
 * Admin-shell pages by name, each at `/<name>` (routes.tsv names a page by its path), in the order
 * written. A declaration refers to a page through this record (`pages.liveStat.route`), so the path
 * and the title are written here only.
 */
export function adminPages<const K extends string>(pages: Readonly<Record<K, PageSpec>>): Readonly<Record<K, RouteDecl>> {
  return Object.fromEntries(
    Object.entries<PageSpec>(pages).map(([name, page]) => [name, { route: `/${name}`, shell: "admin", ...(typeof page === "string" ? { title: page } : page) }]),
  ) as Record<K, RouteDecl>;
}
