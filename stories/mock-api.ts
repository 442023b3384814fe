import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from "axios";
import type { Endpoint } from "../resources/endpoint";

type Handler = (input: { query: Record<string, unknown>; body: Record<string, unknown> }) => unknown;

/** One answer per endpoint: an envelope, or a function of the request returning one. */
export type MockRoutes = [Endpoint, unknown | Handler][];

export const okEnvelope = (data: unknown = null, extra: Record<string, unknown> = {}) => ({ code: 0, data, msg: "ok", ...extra });
export const failEnvelope = (code: number, msg: string, data: unknown = null) => ({ code, data, msg });

/**
 * An axios adapter that answers from the given routes, so stories run the real providers
 * over mocked HTTP. Unknown calls answer 404 like the server would.
 */
export function mockAdapter(routes: MockRoutes, opts: { delayMs?: number } = {}): AxiosAdapter {
  return async (config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url ?? "", "http://mock.local");
    const method = (config.method ?? "get").toUpperCase();
    const match = routes.find(([e]) => e.method === method && url.pathname.endsWith(e.path));
    await new Promise((r) => setTimeout(r, opts.delayMs ?? 150));
    // Like axios's own adapters, reject what validateStatus refuses so the interceptors see it.
    const respond = (status: number, data: unknown): AxiosResponse => {
      const response = { data, status, statusText: String(status), headers: {}, config, request: {} };
      if (config.validateStatus && !config.validateStatus(status))
        throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
      return response;
    };
    if (!match) return respond(404, failEnvelope(404, `请求地址出错: ${url.pathname}`));
    const [, answer] = match;
    const query = { ...Object.fromEntries(url.searchParams), ...(config.params ?? {}) };
    const body = typeof config.data === "string" && config.data ? JSON.parse(config.data) : (config.data ?? {});
    const data = typeof answer === "function" ? (answer as Handler)({ query, body }) : answer;
    const status = (data as { code?: number })?.code === 401 ? 401 : (data as { code?: number })?.code === 403 ? 403 : 200;
    return respond(status, data);
  };
}
