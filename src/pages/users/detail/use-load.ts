import { useCallback, useEffect, useState } from "react";

export interface LoadState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Runs `load` whenever it changes (callers memoise it on what it reads) and on `reload`; an
 * answer that arrives after a newer request started is dropped. The last data stays shown while
 * the next load runs.
 */
export function useLoad<T>(load: () => Promise<T>): LoadState<T> {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });

  useEffect(() => {
    let current = true;
    setState((previous) => ({ data: previous.data, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: unknown) => current && setState((previous) => ({ data: previous.data, error, loading: false })),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
