import { useNotification } from "@refinedev/core";
import { useCallback, useEffect, useState } from "react";
import { defaultPageSize } from "../../../../../resources/kernel/paging";
import { liveMessages, validatorApi } from "../../../../../resources/lives/live-api";
import { validatorMessages, type WhitelistEntry, type WhitelistRow } from "../../../../../resources/lives/live-validator";
import { errorText, HttpRequestError } from "../../../../../providers/http";
import { isQuiet } from "../../../../../providers/notify";
import { useCall } from "../../../../lib/use-call";
import type { ValidatorService } from "../use-validator-service";

export interface WhitelistPage {
  total: number;
  page: number;
  limit: number;
  resultset: WhitelistEntry[];
}

/** 2 §8: a refusal shows the spec's words followed by the server's. */
export const failureText = (prefix: string, error: unknown) => `${prefix}，${errorText(error)}`;

/**
 * One page of the live's whitelist (`{page, limit}`, 10/20/50 a page), kept on screen while the next
 * loads. A page left empty by removals steps back to the last one that has entries; a failed read
 * says 获取白名单失败 and the server's words.
 */
export function useWhitelistPage(service: ValidatorService, open: boolean) {
  const { open: notify } = useNotification();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(defaultPageSize);
  const call = useCall<WhitelistPage>(
    validatorApi.whitelist,
    { roomid: service.liveId, token: service.token, page, limit },
    { enabled: open && service.token !== null, keepPrevious: true },
  );
  const total = call.answer?.data?.total ?? 0;
  const rows = call.error ? [] : (call.answer?.data?.resultset ?? []);
  const lastPage = Math.max(1, Math.ceil(total / limit));
  const stepBack = !call.loading && !call.error && rows.length === 0 && page > lastPage;
  useEffect(() => {
    if (stepBack) setPage(lastPage);
  }, [stepBack, lastPage]);
  const failure = call.error && !isQuiet(call.error) ? failureText(liveMessages.whitelistLoadFailed, call.error) : null;
  useEffect(() => {
    if (failure) notify?.({ type: "error", message: failure });
  }, [failure, notify]);

  return {
    rows,
    total: call.error ? 0 : total,
    page,
    limit,
    loading: call.loading || stepBack,
    failure,
    reload: call.retry,
    turn: (next: number, size: number) => {
      setPage(size === limit ? next : 1);
      setLimit(size);
    },
  };
}

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
