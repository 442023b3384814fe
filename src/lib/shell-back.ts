import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";

/** What 返回 in the admin top bar does when a page asks for it; null: the shell's own rule. */
export type PageBack = (() => void) | null;

interface ShellBack {
  back: PageBack;
  setBack: (back: PageBack) => void;
}

/**
 * The admin top bar's 返回 as the page on screen asks for it. The shell shows it off the sidebar and
 * goes back one page; a page may want it although the sidebar lists it (the AI tools, 3 §2.5), and
 * may need to ask before leaving (/virtualMake). One header for every page: the top bar's.
 */
export const ShellBackContext = createContext<ShellBack | null>(null);

/** The shell's side: the 返回 the page on screen asked for, if any. */
export function useShellBackState(): ShellBack {
  const [back, setBackState] = useState<PageBack>(null);
  const setBack = useCallback((next: PageBack) => setBackState(() => next), []);
  return useMemo(() => ({ back, setBack }), [back, setBack]);
}

/** The page's side: while the page is shown, the top bar offers 返回 and pressing it calls `back`. */
export function usePageBack(back: PageBack) {
  const setBack = useContext(ShellBackContext)?.setBack;
  const latest = useRef(back);
  latest.current = back;
  const wanted = back !== null;
  useEffect(() => {
    if (!setBack || !wanted) return;
    setBack(() => latest.current?.());
    return () => setBack(null);
  }, [setBack, wanted]);
}
