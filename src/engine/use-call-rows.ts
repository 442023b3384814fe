import type { BaseRecord } from "@refinedev/core";
import { useState } from "react";
import type { CallListDecl } from "../../resources/kernel/call-list";
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
 * The rows of a declared call (resources/kernel/call-list.ts) read through `useCall`: the
 * parameters it sends; a paged call's page in the list's own state; a cursor-paged call's pages
 * one after the other, the newest page asked through `useCall` (cached like any call) and the
 * ones before kept here, so 加载更多 appends. The data provider's list reads only a bare array, so
 * a call that answers its rows inside an object (`{classes}`, `{resultset, total}`) is read here.
 */
export function useCallRows(list: CallListDecl, params: Params) {
  const { place, go } = useStatePlace();
  const { paging, cursor } = list;
  const sent = pick(params, list.sends);
  const of = JSON.stringify(sent);
  const [stored, setEarlier] = useState<Earlier>({ of, rows: [], at: undefined });
  // Other parameters (another row's detail) start again from the first page.
  const earlier = stored.of === of ? stored : { of, rows: [], at: undefined };
  const query = {
    ...sent,
    ...(paging ? { [paging.page]: place.page, [paging.size]: place.pageSize } : {}),
    ...(cursor && earlier.at !== undefined ? { [cursor.param]: earlier.at } : {}),
  };
  const call = useCall<unknown>(list.call, query, { keepPrevious: !!paging });
  const data = (call.answer?.data ?? {}) as BaseRecord;
  const rows = [...earlier.rows, ...rowsIn(list, call.answer?.data)];
  const next = cursor && call.answer ? (readField(data, cursor.next) as string | number | null | undefined) : undefined;
  return {
    call,
    rows,
    /** The rows of the pages before the one asked now (a cursor-paged call's). */
    earlier: earlier.rows,
    total: paging ? Number(readField(data, paging.total) ?? 0) : rows.length,
    place,
    go,
    /** Asks for the next page after these rows, when the call is cursor-paged and one is left. */
    more: next === undefined || next === null ? undefined : () => setEarlier({ of, rows, at: next }),
  };
}
