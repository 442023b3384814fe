import { useDelete, useInvalidate } from "@refinedev/core";
import { Modal } from "antd";
import { useCallback, type ReactElement } from "react";
import live from "../../../../resources/lives/live";
import { liveMessages, type LiveRecord } from "../../../../resources/lives/live-api";
import { errorText } from "../../../../providers/http";

/**
 * 作废 (2 §2, §4): 确定要作废该直播吗？, then the void call through Refine's `useDelete`, which
 * invalidates every live list (the row then shows 已作废); 作废成功, or the server's msg (2 §8).
 * Answers the action and the confirmation's holder, which the page renders.
 */
export function useVoidLive(): [(record: LiveRecord) => void, ReactElement] {
  const [modal, holder] = Modal.useModal();
  const { mutateAsync } = useDelete();
  const invalidate = useInvalidate();
  const confirm = useCallback(
    (record: LiveRecord) =>
      void modal.confirm({
        title: "提示",
        content: liveMessages.confirmVoid,
        okText: "确定",
        cancelText: "取消",
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await mutateAsync({
              resource: live.name,
              id: record.Id,
              meta: { api: live.api },
              successNotification: () => ({ type: "success", message: liveMessages.voided }),
              errorNotification: (error) => ({ type: "error", message: errorText(error) }),
            });
          } catch {
            // Told by the error notification; the lists show what the server holds.
            await invalidate({ resource: live.name, invalidates: ["list"] });
          }
        },
      }),
    [modal, mutateAsync, invalidate],
  );
  return [confirm, holder];
}
