import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from "axios";
import { setHttpAdapter } from "../../../../providers/http";

/** An HTTP answer other than a plain 200 envelope. */
export class HttpReply {
  constructor(
    readonly status: number,
    readonly data: unknown = "",
  ) {}
}

/** Simulates what never reaches a status: a timeout or a dropped connection. */
export class TransportFailure {
  constructor(readonly kind: "timeout" | "network") {}
}

export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  params: Record<string, unknown> | undefined;
  body: Record<string, unknown> | undefined;
  withCredentials: boolean | undefined;
  timeout: number | undefined;
}

type Answer = unknown | HttpReply | TransportFailure;
export type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

/**
 * A stand-in server behind the real axios instance: handlers keyed "METHOD /path"
 * answer envelopes (or HttpReply / TransportFailure); unknown calls get HTTP 404.
 */
export function fakeServer(handlers: Record<string, Handler | Answer>) {
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url ?? "", "http://localhost");
    const request: SeenRequest = {
      method: (config.method ?? "get").toUpperCase(),
      url: url.href,
      path: url.pathname,
      params: config.params as Record<string, unknown> | undefined,
      body: typeof config.data === "string" && config.data ? JSON.parse(config.data) : undefined,
      withCredentials: config.withCredentials,
      timeout: config.timeout,
    };
    seen.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    const answer = typeof handler === "function" ? await (handler as Handler)(request) : handler;
    if (answer instanceof TransportFailure) {
      throw answer.kind === "timeout"
        ? new AxiosError(`timeout of ${config.timeout}ms exceeded`, "ECONNABORTED", config)
        : new AxiosError("Network Error", AxiosError.ERR_NETWORK, config);
    }
    const reply = answer === undefined ? new HttpReply(404, "Not Found") : answer instanceof HttpReply ? answer : new HttpReply(200, answer);
    const response = { data: reply.data, status: reply.status, statusText: String(reply.status), headers: {}, config, request: {} };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  setHttpAdapter(adapter);
  return {
    seen,
    calls: (key: string) => seen.filter((request) => `${request.method} ${request.path}` === key),
  };
}

export const ok = (data: unknown = null, extra: Record<string, unknown> = {}) => ({ code: 0, data, msg: "", ...extra });
export const fail = (code: number, msg: string, data: unknown = null) => ({ code, data, msg });
