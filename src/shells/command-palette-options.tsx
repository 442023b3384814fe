import type { BaseRecord } from "@refinedev/core";
import { resources } from "../../resources";
import type { ResourceDecl } from "../../resources/kernel/define";
import { fillRoute } from "../engine/cells";
import { readField } from "../engine/record-fields";
import type { ServerMenu } from "../lib/server-menu";

/** One choice of the palette: a page of the menu or a record a search call found. */
export interface PaletteOption {
  id: string;
  /** The heading it is listed under: the menu group, or the resource's title. */
  group: string;
  label: string;
  detail?: string;
  /** Where choosing it goes. */
  to: string;
}

/** The routes the server's menu grants, matched on their label, group or path. */
export function routeOptions(menu: ServerMenu, query: string): PaletteOption[] {
  const needle = query.trim().toLowerCase();
  return menu.groups.flatMap((group) =>
    group.items
      .filter((item) => !needle || [item.label, group.label, item.path].some((text) => text.toLowerCase().includes(needle)))
      .map((item) => ({ id: `route:${item.path}`, group: group.label, label: item.label, detail: item.path, to: item.path })),
  );
}

/**
 * The query parameter a resource's search call takes for free text: its search box's, else its
 * first text filter's (courses search by title). A resource with a search call but neither is
 * left out: there is nothing to type into.
 */
export function searchParamOf(decl: ResourceDecl): string | undefined {
  if (!decl.api.search) return undefined;
  return decl.search?.param ?? decl.filters?.find((filter) => filter.kind === "text")?.param;
}

/** Every declared resource with a free-text search call whose menu key this account holds. */
export const searchableResources = (menu: ServerMenu): ResourceDecl[] =>
  resources.filter((decl) => searchParamOf(decl) !== undefined && (menu.keys ?? []).includes(decl.menu.key));


/**
 * A found record opens its detail page when the declaration has one, else its list searched or
 * filtered by the record's name (the list keeps the search box in `key`, filters by their own names).
 */
export function recordOption(decl: ResourceDecl, row: BaseRecord): PaletteOption {
  const label = String(readField(row, decl.label) ?? row[decl.id] ?? "");
  const param = decl.search ? "key" : searchParamOf(decl)!;
  const detailColumn = decl.columns.find((column) => column.field !== decl.label && (column.format ?? "text") === "text");
  const detailValue = detailColumn && readField(row, detailColumn.field);
  const detail = detailValue === undefined || detailValue === null || detailValue === "" ? undefined : String(detailValue);
  return {
    id: `record:${decl.name}:${String(row[decl.id])}`,
    group: decl.title,
    label,
    detail,
    to: decl.show ? fillRoute(decl.show, row) : `${decl.route}?${param}=${encodeURIComponent(label)}`,
  };
}
