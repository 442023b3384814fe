import { createElement, lazy } from "react";
import type { ResourceDecl } from "../../resources/define";
import { resources } from "../../resources";
import type { PageMap } from "./registry";

// Each screen loads with its chunk (RJSF, ajv and the table stay out of /login and the shells).
const listPage = (decl: ResourceDecl) =>
  lazy(async () => {
    const { ResourceList } = await import("./resource-list");
    return { default: () => createElement(ResourceList, { decl }) };
  });

const createPage = (decl: ResourceDecl) =>
  lazy(async () => {
    const { ResourceCreatePage } = await import("./resource-create-page");
    return { default: () => createElement(ResourceCreatePage, { decl }) };
  });

/**
 * Screens generated from resources/ declarations, by route: a list for every declared resource
 * with a list call, and a full-page create form where a declaration asks for one (`createRoute`).
 * A bespoke page registered for the same route by its own area takes precedence (src/app/admin-pages.ts).
 */
export const enginePages: PageMap = Object.fromEntries(
  resources.flatMap((decl) => [
    ...(decl.api.list ? [[decl.route, listPage(decl)] as const] : []),
    ...(decl.createRoute && decl.forms.create ? [[decl.createRoute, createPage(decl)] as const] : []),
  ]),
);
