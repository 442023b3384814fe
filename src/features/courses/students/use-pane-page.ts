import { useList, type HttpError } from "@refinedev/core";
import { useCallback, useEffect, useState } from "react";
import { panePageSize, type PaneKind, type PickerStudent } from "./pane-kinds";

export interface PanePage {
  rows: PickerStudent[];
  total: number;
  page: number;
  /** The search text in force (sent as `key`); empty lists everything. */
  key: string;
  loading: boolean;
  /** A first answer has come: until then the pane has no count to show (0 would read as none). */
  counted: boolean;
  error: string | null;
  setPage: (page: number) => void;
  search: (text: string) => void;
  retry: () => void;
}

/**
 * One pane's page of students of an owner (a course, a live) through Refine's `useList`, refetched
 * when a change invalidates the panes (use-pane-action.ts). The page is kept across reloads unless it came back empty; then the last page that
 * still has students is shown.
 */
export function usePanePage(kind: PaneKind, ownerId: number): PanePage {
  const [page, setPage] = useState(1);
  const [key, setKey] = useState("");
  const list = useList<PickerStudent, HttpError>({
    resource: kind.resource,
    // The pane names its own call: the search variant only while a key is typed (1 §7).
    meta: { api: { list: key ? kind.search : kind.list } },
    pagination: { current: page, pageSize: panePageSize },
    filters: [
      { field: kind.ownerParam, operator: "eq", value: ownerId },
      { field: "key", operator: "eq", value: key },
    ],
    // The pane says what failed in its own table, with 重试.
    errorNotification: false,
    queryOptions: { keepPreviousData: true },
  });
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / panePageSize));
  const stepBack = !list.isFetching && !list.isError && rows.length === 0 && page > lastPage;
  useEffect(() => {
    if (stepBack) setPage(lastPage);
  }, [stepBack, lastPage]);

  const search = useCallback((text: string) => {
    setKey(text.trim());
    setPage(1);
  }, []);

  return {
    rows: list.isError ? [] : rows,
    total: list.isError ? 0 : total,
    page,
    key,
    loading: list.isFetching || stepBack,
    counted: list.data !== undefined && !list.isError,
    error: list.isError ? list.error.message : null,
    setPage,
    search,
    retry: () => void list.refetch(),
  };
}
