import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { readLiveQuery, writeLiveQuery, type LiveQuery } from "./live-query";

/**
 * The detail table's paging and filters live in the URL, so a reload or a shared link shows the
 * same page. Changes replace the history entry: the header's 返回 still leaves the page.
 */
export function useLiveQuery(): [LiveQuery, (patch: Partial<LiveQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => readLiveQuery(params), [params]);
  const update = useCallback(
    (patch: Partial<LiveQuery>) => setParams((previous) => writeLiveQuery(previous, { ...readLiveQuery(previous), ...patch }), { replace: true }),
    [setParams],
  );
  return [query, update];
}
