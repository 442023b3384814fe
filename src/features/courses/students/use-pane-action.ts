import { useInvalidate } from "@refinedev/core";
import { useCallback, useState } from "react";
import { useCallMutation } from "../../../lib/use-call";
import type { PaneKind, PickerStudent } from "./pane-kinds";

/**
 * The pane's row action (添加 or 移除) for one owner through Refine's `useCustomMutation`: the
 * server's msg as a toast either way (1 §8, 2 §8), and after a success both panes' lists are
 * invalidated, with the other lists the kind says show what changed.
 */
export function usePaneAction(kind: PaneKind, ownerId: number) {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const { send } = useCallMutation();
  const invalidate = useInvalidate();

  const mark = (id: number, on: boolean) =>
    setBusy((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const act = useCallback(
    async (student: PickerStudent) => {
      mark(student.Id, true);
      try {
        await send(kind.action.endpoint, { userid: student.Id, [kind.action.ownerParam]: ownerId }, {
          successNotification: (answer) => ({ type: "success", message: (answer as { msg?: string } | undefined)?.msg || kind.action.doneText }),
          errorNotification: (error) => ({ type: "error", message: `${kind.action.label}失败`, description: error?.message }),
        });
        await Promise.all([kind.resource, ...(kind.touches ?? [])].map((resource) => invalidate({ resource, invalidates: ["list"] })));
      } catch {
        // Already shown by the mutation's error notification.
      } finally {
        mark(student.Id, false);
      }
    },
    [kind, ownerId, send, invalidate],
  );

  return { busy, act };
}
