import { useCustom, useCustomMutation, type BaseRecord, type HttpError } from "@refinedev/core";
import { useCallback } from "react";
import type { Endpoint } from "../../resources/kernel/endpoint";
import type { Payload } from "../../providers/http";

/** What the data provider's `custom` answers: the call's data, with the envelope's count and msg. */
export interface CallAnswer<T> {
  data: T;
  count?: number;
  msg?: string;
}

const verb = (endpoint: Endpoint) => endpoint.method.toLowerCase() as Lowercase<Endpoint["method"]>;

export interface CallState<T> {
  answer: CallAnswer<T> | undefined;
  error: HttpError | null;
  /** A request of this call is on its way (the first, or a retry while the last answer stays shown). */
  loading: boolean;
  retry: () => void;
  /** When the answer last arrived (epoch ms; 0 before the first): a refetch that answers the same data still moves it. */
  updatedAt: number;
}

export interface CallOptions<T = unknown> {
  /** False holds the call back (a part of the page this person does not have). */
  enabled?: boolean;
  /** A table's next page or search: the last answer stays shown while the new one loads. */
  keepPrevious?: boolean;
  /** Asks again every so many milliseconds while the page shows it (a payment awaiting its result)… */
  refreshMs?: number;
  /** …as long as this holds for the last answer (or failure): judged as each answer lands, so none is asked for after. */
  refreshWhile?: (answer: CallAnswer<T> | undefined, error: HttpError | null) => boolean;
}

/**
 * One of the spec's odd calls (a detail page's stats, a chart's points) read through Refine's
 * `useCustom`: cached by endpoint and query, made once however many parts ask, and its failure
 * shown by the page (no toast): each page says what it could not load in its own place (1 §8).
 * Without an endpoint it asks nothing (a full-page form with no record to start from).
 */
export function useCall<T>(endpoint: Endpoint | undefined, query?: Payload, { enabled = true, keepPrevious = false, refreshMs, refreshWhile }: CallOptions<T> = {}): CallState<T> {
  const result = useCustom<BaseRecord, HttpError, Payload>({
    url: endpoint?.path ?? "",
    method: endpoint ? verb(endpoint) : "get",
    config: { query },
    meta: { endpoint },
    errorNotification: false,
    queryOptions: {
      enabled: enabled && !!endpoint,
      keepPreviousData: keepPrevious,
      refetchInterval: (data, query) =>
        refreshMs && (refreshWhile?.(data as CallAnswer<T> | undefined, query.state.error) ?? true) ? refreshMs : false,
    },
  });
  return {
    answer: result.data as CallAnswer<T> | undefined,
    error: result.error ?? null,
    loading: enabled && result.isFetching,
    retry: () => void result.refetch(),
    updatedAt: result.dataUpdatedAt,
  };
}

/**
 * A write among the spec's odd calls (a course's 添加/移除 of a student, the dashboard's module
 * list), through Refine's `useCustomMutation`: `send` resolves to the answer or rejects with the
 * HttpError. Callers say what to show through the mutation's notifications; `query` goes in the
 * address of a call that also sends a body (the validator service's roomid and token).
 */
export function useCallMutation() {
  const mutation = useCustomMutation<BaseRecord, HttpError, Payload>();
  const { mutateAsync } = mutation;
  const send = useCallback(
    <T>(endpoint: Endpoint, values: Payload, { query, ...notes }: Pick<Parameters<typeof mutateAsync>[0], "successNotification" | "errorNotification"> & { query?: Payload } = {}) =>
      // The data provider sends a DELETE's values in the address, a POST's as its body.
      mutateAsync({
        url: endpoint.path,
        method: verb(endpoint) as Exclude<ReturnType<typeof verb>, "get">,
        values,
        meta: query ? { endpoint, query } : { endpoint },
        successNotification: false,
        errorNotification: false,
        ...notes,
      }) as unknown as Promise<CallAnswer<T>>,
    [mutateAsync],
  );
  return { send, busy: mutation.isLoading };
}
