import { useDataProvider, type BaseRecord } from "@refinedev/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router-dom";
import type { ResourceDecl } from "../../resources/define";
import { errorText } from "../../providers/http";
import type { ListPlace } from "./use-list-place";

export interface ListState {
  rows: BaseRecord[];
  total: number;
  loading: boolean;
  /** Whether any page has arrived yet: before that a failure has nothing to keep showing. */
  loaded: boolean;
  error: string | null;
}

/**
 * One page of a resource through the app's data provider, with its search key and filters (the
 * search call then, when the resource has one). It loads on every navigation to the
 * page, so a person clicking the page's menu item again sees fresh rows (1 §2.4), and on
 * `reload()`. A failed load keeps the rows already shown (1 §8: lists stay unchanged on failure).
 */
export function useResourceList(decl: ResourceDecl, place: ListPlace) {
  const dataProvider = useDataProvider()();
  const { key: navigation } = useLocation();
  const [state, setState] = useState<ListState>({ rows: [], total: 0, loading: true, loaded: false, error: null });
  const [reloads, setReloads] = useState(0);
  const latest = useRef(0);
  const { page, pageSize, key } = place;
  // By value: the place is a new object on every render.
  const filterKey = JSON.stringify(place.filters ?? {});

  useEffect(() => {
    const request = ++latest.current;
    setState((s) => ({ ...s, loading: true }));
    const declared = Object.entries(JSON.parse(filterKey) as Record<string, string>).map(([field, value]) => ({ field, operator: "eq" as const, value }));
    const filters = [...(key && decl.search ? [{ field: decl.search.param, operator: "eq" as const, value: key }] : []), ...declared];
    dataProvider
      .getList({ resource: decl.name, pagination: { current: page, pageSize }, filters, meta: { api: decl.api } })
      .then(({ data, total }) => {
        if (request !== latest.current) return;
        setState({ rows: data, total, loading: false, loaded: true, error: null });
      })
      .catch((error: unknown) => {
        if (request !== latest.current) return;
        setState((s) => ({ ...s, loading: false, error: errorText(error) }));
      });
  }, [dataProvider, decl, page, pageSize, key, filterKey, navigation, reloads]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  return { ...state, reload };
}
