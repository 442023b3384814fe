import { message } from "antd";
import { useCallback, useState } from "react";
import { request } from "../../../../providers/http";
import { reportError } from "../../../../providers/notify";
import type { PaneKind, PickerStudent } from "./pane-kinds";

/**
 * The pane's row action (添加 or 移除) for one course: the server's msg as a toast either way
 * (1 §8), and `onChanged` after a success so both panes reload.
 */
export function usePaneAction(kind: PaneKind, courseId: number, onChanged: () => void) {
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

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
        const answer = await request(kind.action.endpoint, { userid: student.Id, courseid: courseId });
        if (answer.code === 0) {
          message.success(answer.msg || kind.action.doneText);
          onChanged();
        } else {
          message.error(answer.msg || `${kind.action.label}失败`);
        }
      } catch (error) {
        reportError(error);
      } finally {
        mark(student.Id, false);
      }
    },
    [kind, courseId, onChanged],
  );

  return { busy, act };
}
