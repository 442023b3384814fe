import { useEffect, useMemo } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import type { FilterDecl } from "../../resources/kernel/define";
import { offeredPageSize, pageSizes } from "../../resources/kernel/paging";
import { filterParams, readFilters, type FilterValues } from "./list-filter-values";

export interface ListPlace {
  page: number;
  pageSize: number;
  key: string;
  /** The declared filters' values (resources/kernel/define.ts `filters`), by query parameter. */
  filters: FilterValues;
}

const noFilters: readonly FilterDecl[] = [];

const placeKey = (route: string) => `lectern:list-place:${route}`;

/**
 * A list's address with the place a person last left it at in this tab (page, page size, search
 * key, filters), for a page's way back to it: a detail page's 返回 lands where the person was,
 * not on the list's first page.
 */
export function listAddress(route: string): string {
  try {
    return route + (sessionStorage.getItem(placeKey(route)) ?? "");
  } catch {
    // Storage turned off: the way back lands on the list's first page, as before.
    return route;
  }
}

function rememberPlace(route: string, search: string) {
  try {
    sessionStorage.setItem(placeKey(route), search);
  } catch {
    // Storage turned off or full: the list works as ever, only 返回 forgets the place.
  }
}

/**
 * Where a person is in a list (page, page size, search key, filters), kept in the URL query so
 * that back, forward and reload return to the same place, and remembered for `listAddress`.
 * Defaults stay out of the URL.
 */
export function useListPlace(declared: readonly FilterDecl[] = noFilters, offered: readonly number[] = pageSizes) {
  const { pathname, search } = useLocation();
  useEffect(() => rememberPlace(pathname, search), [pathname, search]);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "", 10) || 1);
  const size = Number(params.get("pageSize"));
  const pageSize = offeredPageSize(size, offered);
  const key = params.get("key") ?? "";
  const filters = useMemo(() => readFilters(params, declared), [params, declared]);

  function go(next: Partial<ListPlace>, options: { replace?: boolean } = {}) {
    const place = { page, pageSize, key, filters, ...next };
    const query = new URLSearchParams(params);
    const set = (name: string, value: string | null) => (value === null ? query.delete(name) : query.set(name, value));
    set("page", place.page > 1 ? String(place.page) : null);
    set("pageSize", place.pageSize !== offered[0] ? String(place.pageSize) : null);
    set("key", place.key ? place.key : null);
    for (const name of filterParams(declared)) set(name, place.filters[name] || null);
    setParams(query, options);
  }

  return { place: { page, pageSize, key, filters } as ListPlace, go };
}
