import type { BaseRecord } from "@refinedev/core";
import { useEffect, useRef } from "react";

export interface ReviewKeys {
  /** Only the unreviewed tab answers the keys and counts in the title. */
  on: boolean;
  rows: readonly BaseRecord[];
  /** The chosen rows' keys: j and k choose one row, the one after or before the first chosen. */
  keys: readonly string[];
  choose: (keys: string[]) => void;
  pass: () => void;
  ban: () => void;
  reply: () => void;
  /** The unreviewed messages in all, shown before the page's title: (12) 聊天管理 - Lectern. */
  count: number;
  updatedAt: number;
}

/** A prefix this hook put before the title, to take off again. */
const counted = /^\(\d+\) /;

/** Keys typed into a field, or with a modifier (a browser's own shortcut), are not the flow's. */
const typing = (e: KeyboardEvent) => {
  const el = e.target as HTMLElement | null;
  return e.ctrlKey || e.metaKey || e.altKey || !!el?.closest?.("input:not([type=checkbox]):not([type=radio]), textarea, select, [contenteditable=true], .ant-modal");
};

/**
 * The moderation keyboard flow (issue 20 item 10): j / k move through the unreviewed rows, p passes
 * and b bans the chosen ones, r answers the chosen one; and the unreviewed count stays in the
 * browser tab's title while the tab is open, so a moderator in another tab sees it grow.
 */
export function useReviewKeys(k: ReviewKeys) {
  const latest = useRef(k);
  latest.current = k;

  useEffect(() => {
    if (!k.on) return;
    const onKey = (e: KeyboardEvent) => {
      if (typing(e)) return;
      const { rows, keys, choose, pass, ban, reply } = latest.current;
      const key = e.key.toLowerCase();
      if (key === "j" || key === "k") {
        if (!rows.length) return;
        const at = rows.findIndex((r) => String(r.id) === keys[0]);
        const next = at < 0 ? 0 : Math.min(rows.length - 1, Math.max(0, at + (key === "j" ? 1 : -1)));
        const id = String(rows[next].id);
        choose([id]);
        document.querySelector(`tr[data-row-key="${id.replace(/["\\]/g, "")}"]`)?.scrollIntoView?.({ block: "nearest" });
      } else if (key === "p") pass();
      else if (key === "b") ban();
      else if (key === "r") reply();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [k.on]);

  useEffect(() => {
    if (!k.on) return;
    document.title = `(${k.count}) ${document.title.replace(counted, "")}`;
  }, [k.on, k.count, k.updatedAt]);
  useEffect(() => () => void (document.title = document.title.replace(counted, "")), []);
}
