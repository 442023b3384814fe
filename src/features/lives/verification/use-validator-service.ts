import { useCustom, useDataProvider, type HttpError } from "@refinedev/core";
import { useCallback } from "react";
import type { Endpoint } from "../../../../resources/kernel/endpoint";
import { liveApi } from "../../../../resources/lives/live-api";
import { tokenLifetimeSeconds } from "../../../../resources/tools/tools";
import type { Payload } from "../../../../providers/http";
import { useCallMutation, type CallAnswer } from "../../../lib/use-call";

/** A token is asked for again well before it expires (30 min), and whenever the window comes back after that. */
const REFRESH_MS = (tokenLifetimeSeconds - 5 * 60) * 1000;

export type TokenState = "loading" | "failed" | "ready";

/**
 * The validator service of one live (2 §7): its token (GET /cms/liveiframetoken, kept fresh while
 * the drawer is open) and the service's calls, each sent with `roomid` and a token that is valid
 * when it leaves (`fresh` asks for a new one first when the last is old: a laptop woken after an
 * hour must not send an expired one).
 */
export function useValidatorService(liveId: number) {
  const tokenQuery = useCustom<{ token?: string }, HttpError>({
    url: liveApi.validatorToken.path,
    method: "get",
    config: { query: { liveid: liveId } },
    meta: { endpoint: liveApi.validatorToken },
    // The drawer says 获取webtoken失败 in its own place, with 重试.
    errorNotification: false,
    queryOptions: { staleTime: REFRESH_MS, refetchInterval: REFRESH_MS, refetchOnWindowFocus: true, retry: false },
  });
  const token = tokenQuery.data?.data?.token ?? null;
  const state: TokenState = token ? "ready" : tokenQuery.isFetching ? "loading" : "failed";
  const { refetch, dataUpdatedAt } = tokenQuery;

  const fresh = useCallback(async (): Promise<string> => {
    if (token && Date.now() - dataUpdatedAt < REFRESH_MS) return token;
    const again = await refetch();
    const next = again.data?.data?.token;
    if (!next) throw again.error ?? new Error("获取webtoken失败");
    return next;
  }, [token, dataUpdatedAt, refetch]);

  const provider = useDataProvider();
  /** A read sent once (not cached): the settings on opening, the whole list for the export. */
  const read = useCallback(
    async <T>(endpoint: Endpoint, params: Payload = {}): Promise<CallAnswer<T>> => {
      const query = { roomid: liveId, token: await fresh(), ...params };
      return (await provider().custom!({ url: endpoint.path, method: "get", query, meta: { endpoint } })) as unknown as CallAnswer<T>;
    },
    [provider, liveId, fresh],
  );

  const { send: sendCall, busy } = useCallMutation();
  /** A write: `body` as JSON (none for DELETE), roomid, token and `params` in the address. */
  const send = useCallback(
    async <T>(endpoint: Endpoint, body: Payload | null, params: Payload = {}): Promise<CallAnswer<T>> => {
      const address = { roomid: liveId, token: await fresh(), ...params };
      // A DELETE's values are its address; the others carry a body beside it.
      return endpoint.method === "DELETE" ? sendCall<T>(endpoint, address) : sendCall<T>(endpoint, body ?? {}, { query: address });
    },
    [sendCall, liveId, fresh],
  );

  return { liveId, token, state, retryToken: () => void refetch(), read, send, busy };
}

export type ValidatorService = ReturnType<typeof useValidatorService>;
