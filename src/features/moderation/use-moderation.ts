import { useInvalidate, useNotification } from "@refinedev/core";
import { moderationApi, moderationMessages } from "../../../resources/moderation/moderation-api";
import { chatApi, chatMsgText } from "../../../resources/rooms/room-api";
import { useCallMutation } from "../../lib/use-call";
import type { ReplyTarget } from "./reply-dialog";

type Move = "pass" | "ban" | "revoke";

const words: Record<Move, { done: string; failed: string; choose: string }> = {
  pass: { done: moderationMessages.passed, failed: moderationMessages.passFailed, choose: moderationMessages.chooseToReview },
  ban: { done: moderationMessages.passed, failed: moderationMessages.passFailed, choose: moderationMessages.chooseToReview },
  revoke: { done: moderationMessages.revoked, failed: moderationMessages.revokeFailed, choose: moderationMessages.chooseToRevoke },
};

/**
 * The chat manager's calls with the spec's words (2 §5, §8): 审核成功 / 审核失败, 撤回成功 / 撤回失败,
 * 回复成功 / 回复失败, each failure followed by the server's msg (another moderator acted first, say).
 * Every tab's list is read again after a change: a passed message moves from one tab to another.
 */
export function useModeration(liveid: number, reload: () => void) {
  const { send, busy } = useCallMutation();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const say = (type: "success" | "error", text: string) => open?.({ type, message: text });
  const after = () => {
    reload();
    void invalidate({ resource: chatApi.list.path, invalidates: ["list"] });
  };
  const failed = (prefix: string) => (error: { message?: string }) => say("error", error?.message ? `${prefix}：${error.message}` : prefix);

  const act = async (move: Move, ids: readonly (string | number)[]): Promise<boolean> => {
    const w = words[move];
    if (!ids.length) {
      say("error", w.choose);
      return false;
    }
    try {
      await send(moderationApi[move], { liveid, chatids: ids.map(Number) });
      say("success", w.done);
      return true;
    } catch (error) {
      failed(w.failed)(error as { message?: string });
      return false;
    } finally {
      after();
    }
  };

  const reply = async (target: ReplyTarget & { id?: number }, txt: string, toOne: boolean, pass: boolean): Promise<boolean> => {
    if (pass && target.id && !(await act("pass", [target.id]))) return false;
    try {
      await send(moderationApi.reply, { liveid, userid: toOne && target.userid ? target.userid : "0", userdbid: toOne ? (target.userdbid ?? 0) : 0, msg: chatMsgText(txt) });
      say("success", moderationMessages.replied);
      return true;
    } catch (error) {
      failed(moderationMessages.replyFailed)(error as { message?: string });
      return false;
    } finally {
      after();
    }
  };
  return { act, reply, busy };
}
