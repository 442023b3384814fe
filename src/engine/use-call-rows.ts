import { useTable, type BaseRecord, type CrudFilter } from "@refinedev/core";
import { useMemo, useState } from "react";
import type { CallListDecl } from "../../resources/kernel/call-list";
import type { ListShape } from "../../resources/kernel/paging";
import { useCall } from "../lib/use-call";
import { readField } from "./record-fields";
import { useStatePlace } from "./use-state-place";

type Params = Readonly<Record<string, string | number>>;

const pick = (params: Params, names: readonly string[]) => Object.fromEntries(names.filter((name) => name in params).map((name) => [name, params[name]]));

/** A call's rows in its answer: at `rows` of the data, or the data itself. */
const rowsIn = (list: CallListDecl, data: unknown) => {
  const found = list.rows ? readField((data ?? {}) as BaseRecord, list.rows) : data;
  return (Array.isArray(found) ? found : []) as BaseRecord[];
};

/** Rows of the pages before the one asked now, for the query they were read with. */
interface Earlier {
  of: string;
  rows: BaseRecord[];
  at: string | number | undefined;
}

/**
 * The rows of a declared call (resources/kernel/call-list.ts). A paged or unpaged call is a list
 * of the one data provider through Refine's `useTable`, as every engine table is: the parameters
 * it sends as its filters, a paged call's page in the list's own state, the answer read where the
 * declaration's shape says. A cursor-paged call (加载更多) is read page after page through
 * `useCall`, the newest page asked and the ones before kept here, so each appends. `refreshMs`: a
 * paged or unpaged list is read again that often while shown.
 */
export function useCallRows(list: CallListDecl, params: Params, refreshMs?: number) {
  const { place, go } = useStatePlace();
  const { paging, cursor } = list;
  const sent = pick(params, list.sends);
  const of = JSON.stringify(sent);
  const permanent = useMemo<CrudFilter[]>(() => Object.entries(JSON.parse(of) as Params).map(([field, value]) => ({ field, operator: "eq", value })), [of]);
  const listShape = useMemo<ListShape>(() => ({ ...paging, rows: list.rows }), [paging, list.rows]);

  const table = useTable<BaseRecord>({
    resource: list.call.path,
    pagination: paging ? { current: place.page, pageSize: place.pageSize, mode: "server" } : { mode: "off" },
    filters: { permanent },
    syncWithLocation: false,
    meta: { api: { list: list.call }, listShape },
    // The table says a failed read in its own place, with 重试.
    errorNotification: false,
    successNotification: false,
    queryOptions: { enabled: !cursor, keepPreviousData: !!paging, ...(refreshMs ? { refetchInterval: refreshMs } : {}) },
  });
  // The place leads and the table follows in the same render (as use-resource-rows.ts does).
  if (paging && table.current !== place.page) table.setCurrent(place.page);
  if (paging && table.pageSize !== place.pageSize) table.setPageSize(place.pageSize);

  const [stored, setEarlier] = useState<Earlier>({ of, rows: [], at: undefined });
  // Other parameters (another row's detail) start again from the first page.
  const earlier = stored.of === of ? stored : { of, rows: [], at: undefined };
  const page = useCall<unknown>(list.call, { ...sent, ...(cursor && earlier.at !== undefined ? { [cursor.param]: earlier.at } : {}) }, { enabled: !!cursor });

  if (cursor) {
    const rows = [...earlier.rows, ...rowsIn(list, page.answer?.data)];
    const next = page.answer ? (readField((page.answer.data ?? {}) as BaseRecord, cursor.next) as string | number | null | undefined) : undefined;
    const call = { loaded: !!page.answer, loading: page.loading, error: page.error, retry: page.retry, updatedAt: page.updatedAt };
    return {
      call,
      rows,
      /** The rows of the pages before the one asked now. */
      earlier: earlier.rows,
      total: rows.length,
      place,
      go,
      /** Asks for the next page after these rows, when one is left. */
      more: next === undefined || next === null ? undefined : () => setEarlier({ of, rows, at: next }),
    };
  }
  const query = table.tableQuery;
  const call = { loaded: query.data !== undefined, loading: query.isFetching, error: query.error ?? null, retry: () => void query.refetch(), updatedAt: query.dataUpdatedAt };
  return { call, rows: query.data?.data ?? [], earlier: [] as BaseRecord[], total: query.data?.total ?? 0, place, go, more: undefined };
}
