import { useTable, type BaseRecord, type CrudFilter } from "@refinedev/core";
import { useEffect, useMemo, useRef } from "react";
import { useLocation } from "react-router-dom";
import type { ResourceDecl } from "../../resources/kernel/define";
import { errorText } from "../../providers/http";
import { callValues } from "./list-filter-values";
import type { ListPlace } from "./use-list-place";

/** A page's own call for a list: the declaration's calls to use, and parameters every request carries. */
export interface ListCallChoice {
  api: ResourceDecl["api"];
  params: Record<string, string | number>;
}

/** Chooses the call by whether the person has filtered (2 §7: a double-teacher course's lives unfiltered are its main classrooms). */
export type ListCall = (filtered: boolean) => ListCallChoice;

/**
 * One page of a resource through Refine's `useTable` over the app's data provider, with its search
 * key and filters (the provider takes the search call then, when the resource has one). The place
 * (page, size, key, filters) is the page's: kept in the address by `useListPlace`, or in a dialog's
 * own state by `useStatePlace`; the table follows it. Refine's cache keeps each page: a list
 * visited before shows its rows at once, without the spinner, and refreshes behind them;
 * an add, change or removal invalidates it. Entering the route again (its menu item clicked
 * again) refreshes too (1 §2.4). A failed refresh keeps the rows shown (1 §8).
 */
export function useResourceRows(decl: ResourceDecl, place: ListPlace, call?: ListCallChoice) {
  const { page, pageSize, key } = place;
  // By value: the place and the page's call are new objects on every render.
  const filterKey = JSON.stringify([callValues(decl.filters, place.filters ?? {}), { ...decl.fixed, ...call?.params }]);
  const filters = useMemo<CrudFilter[]>(() => {
    const [chosen, fixed] = JSON.parse(filterKey) as Record<string, string | number>[];
    const declared = Object.entries({ ...chosen, ...fixed }).map(([field, value]) => ({ field, operator: "eq" as const, value }));
    return [...(key && decl.search ? [{ field: decl.search.param, operator: "eq" as const, value: key }] : []), ...declared];
  }, [decl.search, key, filterKey]);

  const table = useTable<BaseRecord>({
    resource: decl.name,
    pagination: { current: page, pageSize, mode: "server" },
    filters: { initial: filters, defaultBehavior: "replace" },
    syncWithLocation: false,
    meta: { api: call?.api ?? decl.api, listShape: decl.listShape },
    // The list shows its own error state with 重试 instead of a toast.
    errorNotification: false,
    successNotification: false,
    // A monitor's list is read again while it is shown (2 §9: the chat monitor every 10 s).
    queryOptions: decl.refreshMs ? { refetchInterval: decl.refreshMs } : undefined,
  });
  // The place leads and the table follows in the same render (state set while rendering, before
  // anything is committed): a table a render behind would leave the old page's query the active
  // one for a moment, and a menu click's refresh would fetch that old page again.
  if (table.current !== page) table.setCurrent(page);
  if (table.pageSize !== pageSize) table.setPageSize(pageSize);
  // Refine tidies what it is given (drops empty values, one per field), so the table's filters are
  // compared with the last ones handed to it, not with what it holds.
  const handed = useRef(filters);
  if (handed.current !== filters) {
    handed.current = filters;
    table.setFilters(filters, "replace");
  }
  const query = table.tableQuery;

  // The same place entered again is refetched.
  const { key: navigation, search } = useLocation();
  const entered = useRef({ navigation, search });
  const { refetch } = query;
  useEffect(() => {
    const before = entered.current;
    entered.current = { navigation, search };
    if (before.navigation !== navigation && before.search === search) void refetch();
  }, [navigation, search, refetch]);

  return {
    rows: query.data?.data ?? [],
    total: query.data?.total ?? 0,
    // The spinner covers a page still to come (Refine keeps the previous place's rows meanwhile),
    // not this place's rows refreshing behind: a list visited before is usable at once (issue 9).
    loading: query.isFetching && (query.data === undefined || query.isPreviousData),
    /** Whether a page has arrived: before that a failure has nothing to keep showing. */
    loaded: query.data !== undefined,
    error: query.isError ? errorText(query.error) : null,
    reload: () => void refetch(),
  };
}
