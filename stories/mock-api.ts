import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import type { Endpoint } from "../resources/kernel/endpoint";

/**
 * Computes an answer from the request, for answers that depend on what was sent; a promise
 * answers when it settles (an upload still on its way, say).
 */
export type MockHandler = (input: { query: Record<string, unknown>; body: Record<string, unknown> }) => unknown;

/**
 * One answer per endpoint: an envelope, or a function of the request returning one.
 * When a call is listed twice the later entry wins, so a story can append its own
 * answers to the defaults of its file (Storybook replaces array parameters, it does not merge them).
 */
export type MockRoutes = [Endpoint, MockHandler | object][];

/** What a mocked call was and what it answered, for the Actions panel or a play function. */
export interface MockCall {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  status: number;
  data: unknown;
}

export interface MockOptions {
  /** How long each answer takes; long enough that loading states are visible. */
  delayMs?: number;
  onCall?: (call: MockCall) => void;
}

export const okEnvelope = (data: unknown = null, extra: Record<string, unknown> = {}) => ({ code: 0, data, msg: "ok", ...extra });
export const failEnvelope = (code: number, msg: string, data: unknown = null) => ({ code, data, msg });

function lastMatch(routes: MockRoutes, method: string, pathname: string) {
  for (let i = routes.length - 1; i >= 0; i -= 1) {
    const [endpoint] = routes[i];
    // Hosts may carry a path prefix, so the endpoint's path is matched at the end.
    if (endpoint.method === method && pathname.endsWith(endpoint.path)) return routes[i];
  }
  return undefined;
}

/**
 * An axios adapter that answers from the given routes, so stories run the real providers
 * over mocked HTTP. Unknown calls answer 404 like the server would. Body codes 401 and
 * 403 come with that HTTP status, as the server sends them.
 */
export function mockAdapter(routes: MockRoutes, opts: MockOptions = {}): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url ?? "", "http://mock.local");
    const method = (config.method ?? "get").toUpperCase();
    const match = lastMatch(routes, method, url.pathname);
    await new Promise((r) => setTimeout(r, opts.delayMs ?? 150));
    const query = { ...Object.fromEntries(url.searchParams), ...(config.params ?? {}) };
    const body = typeof config.data === "string" && config.data ? JSON.parse(config.data) : (config.data ?? {});
    // Like axios's own adapters, reject what validateStatus refuses so the interceptors see it.
    const respond = (status: number, data: unknown): AxiosResponse => {
      opts.onCall?.({ method, path: url.pathname, query, body, status, data });
      const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
      if (config.validateStatus && !config.validateStatus(status))
        throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
      return response;
    };
    if (!match) return respond(404, failEnvelope(404, `请求地址出错: ${url.pathname}`));
    const [, answer] = match;
    const data = typeof answer === "function" ? await (answer as MockHandler)({ query, body }) : answer;
    const status = (data as { code?: number })?.code === 401 ? 401 : (data as { code?: number })?.code === 403 ? 403 : 200;
    return respond(status, data);
  };
}
