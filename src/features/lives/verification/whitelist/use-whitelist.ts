import { useNotification } from "@refinedev/core";
import { useCallback } from "react";
import { liveMessages, validatorApi } from "../../../../../resources/lives/live-api";
import { validatorMessages, type WhitelistRow } from "../../../../../resources/lives/live-validator";
import { errorText, HttpRequestError } from "../../../../../providers/http";
import { isQuiet } from "../../../../../providers/notify";
import type { ValidatorService } from "../use-validator-service";

/** 2 §8: a refusal shows the spec's words followed by the server's. */
export const failureText = (prefix: string, error: unknown) => `${prefix}，${errorText(error)}`;

/**
 * 添加, 修改, 删除 and 清空 of entries, each telling the person how it went in 2 §8's words; each
 * resolves to whether it worked, and the list reloads after it did.
 */
export function useWhitelistActions(service: ValidatorService, reload: () => void) {
  const { open } = useNotification();
  const { send } = service;
  const run = useCallback(
    async (action: () => Promise<unknown>, success: string, failure: (error: unknown) => string) => {
      try {
        await action();
        open?.({ type: "success", message: success });
        reload();
        return true;
      } catch (error) {
        if (!isQuiet(error)) open?.({ type: "error", message: failure(error) });
        return false;
      }
    },
    [open, reload],
  );

  return {
    add: (entry: WhitelistRow) =>
      run(
        () => send(validatorApi.whitelistAdd, { ...entry }),
        validatorMessages.added,
        // No answer at all: most often the same password sent twice (2 §8).
        (error) => (error instanceof HttpRequestError && error.statusCode === 0 ? liveMessages.whitelistAddNetwork : failureText(liveMessages.whitelistAddFailed, error)),
      ),
    update: (id: number, entry: WhitelistRow) =>
      run(() => send(validatorApi.whitelistUpdate, { ...entry }, { id }), validatorMessages.updated, (error) => failureText(liveMessages.whitelistUpdateFailed, error)),
    remove: (id: number) => run(() => send(validatorApi.whitelistRemove, null, { id }), validatorMessages.deleted, (error) => errorText(error)),
    clear: () => run(() => send(validatorApi.whitelistRemove, null, { id: 0 }), liveMessages.whitelistCleared, (error) => failureText(liveMessages.whitelistClearFailed, error)),
  };
}
