import { useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import type { FilterDecl } from "../../resources/define";
import { filterParams, readFilters, type FilterValues } from "./list-filter-values";

/** Page sizes of 1 §9; the first is the default. */
export const pageSizes = [10, 20, 50] as const;

export interface ListPlace {
  page: number;
  pageSize: number;
  key: string;
  /** The declared filters' values (resources/define.ts `filters`), by query parameter. */
  filters: FilterValues;
}

const noFilters: readonly FilterDecl[] = [];

/**
 * Where a person is in a list (page, page size, search key, filters), kept in the URL query so
 * that back, forward and reload return to the same place. Defaults stay out of the URL.
 */
export function useListPlace(declared: readonly FilterDecl[] = noFilters) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "", 10) || 1);
  const size = Number(params.get("pageSize"));
  const pageSize = (pageSizes as readonly number[]).includes(size) ? size : pageSizes[0];
  const key = params.get("key") ?? "";
  const filters = useMemo(() => readFilters(params, declared), [params, declared]);

  function go(next: Partial<ListPlace>, options: { replace?: boolean } = {}) {
    const place = { page, pageSize, key, filters, ...next };
    const query = new URLSearchParams(params);
    const set = (name: string, value: string | null) => (value === null ? query.delete(name) : query.set(name, value));
    set("page", place.page > 1 ? String(place.page) : null);
    set("pageSize", place.pageSize !== pageSizes[0] ? String(place.pageSize) : null);
    set("key", place.key ? place.key : null);
    for (const name of filterParams(declared)) set(name, place.filters[name] || null);
    setParams(query, options);
  }

  return { place: { page, pageSize, key, filters } as ListPlace, go };
}
