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
}

/** The path of an address: `/teacherInfo?teacherId={Id}` → `/teacherInfo`. */
export const pathOf = (address: string): string => address.split("?")[0];

/** Admin-shell routes from path → title, in the order written. */
export const adminRoutes = (titles: Readonly<Record<string, string>>): RouteDecl[] =>
  Object.entries(titles).map(([route, title]) => ({ route, title, shell: "admin" }));
