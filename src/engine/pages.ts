import { createElement, lazy } from "react";
import type { ResourceDecl } from "../../resources/define";
import type { ListPageDecl } from "../../resources/kernel/list-pages";
import { resources } from "../../resources";
import type { PageMap } from "./registry";

// Each screen loads with its chunk (RJSF, ajv and the table stay out of /login and the shells).

/**
 * The generated list's code (the table, the filters and the styles the shell keeps for them):
 * most menu clicks open one, so the admin shell fetches it once the console is idle, and even the
 * first list opens without waiting for its code (issue 9: a new list in < 300 ms).
 */
export const preloadListScreen = () => import("./resource-list");

const listPage = (decl: ResourceDecl) =>
  lazy(async () => {
    const { ResourceList } = await preloadListScreen();
    return { default: () => createElement(ResourceList, { decl }) };
  });

const declaredListPage = (decl: ResourceDecl, page: ListPageDecl) =>
  lazy(async () => {
    const [{ DeclaredListPage }] = await Promise.all([import("./declared-list-page"), preloadListScreen()]);
    return { default: () => createElement(DeclaredListPage, { owner: decl, page }) };
  });

const createPage = (decl: ResourceDecl) =>
  lazy(async () => {
    const { ResourceCreatePage } = await import("./resource-create-page");
    return { default: () => createElement(ResourceCreatePage, { decl }) };
  });

const editPage = (decl: ResourceDecl) =>
  lazy(async () => {
    const { ResourceEditPage } = await import("./resource-create-page");
    return { default: () => createElement(ResourceEditPage, { decl }) };
  });

/**
 * Screens generated from resources/ declarations, by route: a list for every declared resource
 * with a list call and its other list screens (`listPages`), and full-page create and edit forms where a declaration asks for them
 * (`createRoute`, `editRoute` with a `get` call to read the record by).
 * A bespoke page registered for the same route by its own area takes precedence (src/app/admin-pages.ts).
 */
export const enginePages: PageMap = Object.fromEntries(
  resources.flatMap((decl) => [
    ...(decl.api.list ? [[decl.route, listPage(decl)] as const] : []),
    ...(decl.listPages ?? []).map((page) => [page.route, declaredListPage(decl, page)] as const),
    ...(decl.createRoute && decl.forms.create ? [[decl.createRoute, createPage(decl)] as const] : []),
    ...(decl.editRoute && decl.forms.edit && decl.api.get ? [[decl.editRoute.split("?")[0], editPage(decl)] as const] : []),
  ]),
);
