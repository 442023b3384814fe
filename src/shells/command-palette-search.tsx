import { useList, type BaseRecord } from "@refinedev/core";
import { useEffect, useState } from "react";
import type { ResourceDecl } from "../../resources/kernel/define";
import { searchParamOf } from "./command-palette-options";

/** How many records of one resource the palette lists. */
const hitsPerResource = 5;

export interface SearchHits {
  status: "loading" | "done" | "failed";
  rows: BaseRecord[];
}

/**
 * One resource's search, through Refine's `useList` (cached: typing back to an earlier query
 * answers at once). It draws nothing: the palette lays every resource's hits out in one listbox,
 * so the arrow keys walk them in order.
 */
export function ResourceSearch({ decl, query, onHits }: { decl: ResourceDecl; query: string; onHits: (name: string, hits: SearchHits) => void }) {
  const result = useList({
    resource: decl.name,
    pagination: { current: 1, pageSize: hitsPerResource },
    // With the parameters every list call of the resource carries (the recorded courses' type).
    filters: [
      { field: searchParamOf(decl)!, operator: "eq", value: query },
      ...Object.entries(decl.fixed ?? {}).map(([field, value]) => ({ field, operator: "eq" as const, value })),
    ],
    meta: { api: decl.api },
    // The palette says a search failed in its own list; a toast over it would hide the input.
    errorNotification: false,
    successNotification: false,
  });
  const status = result.isError ? "failed" : result.isFetching ? "loading" : "done";
  const rows = result.data?.data;
  useEffect(() => onHits(decl.name, { status, rows: status === "done" ? (rows ?? []) : [] }), [decl.name, status, rows, onHits]);
  return null;
}

/** `value`, once it has stayed the same for `ms`: a search per pause in typing, not per key. */
export function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
