import { useInvalidate, useNotification, type BaseRecord } from "@refinedev/core";
import { useCallback, useState } from "react";
import type { PickerDecl, PickerPaneDecl } from "../../resources/kernel/picker";
import { useCallMutation } from "../lib/use-call";

/**
 * A picker pane's action (添加 or 移除) on rows for one owner, through Refine's `useCustomMutation`:
 * one call per row, the server's msg as a toast (1 §8, 2 §8; one toast for several rows), and after
 * any success both panes' lists are invalidated, with the other lists the pane says it touches.
 * Resolves to the rows the server took.
 */
export function usePickerAction(picker: PickerDecl, pane: PickerPaneDecl, ownerId: number) {
  const [busy, setBusy] = useState<ReadonlySet<unknown>>(new Set());
  const { send } = useCallMutation();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const { action } = pane;

  const act = useCallback(
    async (rows: readonly BaseRecord[]) => {
      const ids = rows.map((row) => row[picker.id]);
      setBusy((before) => new Set([...before, ...ids]));
      const taken: BaseRecord[] = [];
      for (const row of rows) {
        try {
          await send(action.endpoint, { [picker.rowParam]: row[picker.id] as number, [action.ownerParam]: ownerId }, {
            successNotification: rows.length === 1 ? (answer) => ({ type: "success", message: (answer as { msg?: string } | undefined)?.msg || action.doneText }) : false,
            errorNotification: (error) => ({ type: "error", message: `${action.label}失败`, description: error?.message }),
          });
          taken.push(row);
        } catch {
          // Already shown by the mutation's error notification; the other rows still go.
        }
      }
      if (rows.length > 1 && taken.length > 0) open?.({ type: "success", message: action.doneText });
      if (taken.length > 0) await Promise.all([picker.name, ...(pane.touches ?? [])].map((resource) => invalidate({ resource, invalidates: ["list"] })));
      setBusy((before) => new Set([...before].filter((id) => !ids.includes(id))));
      return taken;
    },
    [picker, pane, action, ownerId, send, invalidate, open],
  );

  return { busy, act };
}
