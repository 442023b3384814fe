import { useCallback, useEffect, useState } from "react";
import { errorText, request } from "../../../../providers/http";
import { panePageSize, type PaneKind, type PickerStudent } from "./pane-kinds";

export interface PanePage {
  rows: PickerStudent[];
  total: number;
  page: number;
  /** The search text in force (sent as `key`); empty lists everything. */
  key: string;
  loading: boolean;
  error: string | null;
  setPage: (page: number) => void;
  search: (text: string) => void;
  retry: () => void;
}

interface Loaded {
  rows: PickerStudent[];
  total: number;
  error: string | null;
}

/**
 * One pane's page of students, reloaded whenever `version` moves (a student was added or
 * removed). The page is kept across reloads unless it came back empty; then the last page that
 * still has students is shown.
 */
export function usePanePage(kind: PaneKind, courseId: number, version: number): PanePage {
  const [page, setPage] = useState(1);
  const [key, setKey] = useState("");
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>({ rows: [], total: 0, error: null });
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    // A later query (another page, a new search) wins over an answer still on its way.
    let current = true;
    setLoading(true);
    const query = { [kind.courseParam]: courseId, page, count: panePageSize, ...(key ? { key } : {}) };
    request<PickerStudent[] | null>(key ? kind.search : kind.list, query)
      .then((answer) => {
        if (!current) return;
        if (answer.code !== 0) {
          setLoaded({ rows: [], total: 0, error: answer.msg || "加载失败" });
        } else {
          const rows = answer.data ?? [];
          const total = answer.count ?? rows.length;
          const lastPage = Math.max(1, Math.ceil(total / panePageSize));
          if (rows.length === 0 && page > lastPage) {
            setPage(lastPage);
            return;
          }
          setLoaded({ rows, total, error: null });
        }
        setLoading(false);
      })
      .catch((error: unknown) => {
        if (!current) return;
        setLoaded({ rows: [], total: 0, error: errorText(error) });
        setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [kind, courseId, page, key, version, attempt]);

  const search = useCallback((text: string) => {
    setKey(text.trim());
    setPage(1);
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return { ...loaded, page, key, loading, setPage, search, retry };
}
