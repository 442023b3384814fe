import axios, { type AxiosAdapter, type AxiosError, type AxiosRequestConfig, type AxiosResponse } from "axios";
import type { Endpoint } from "../resources/kernel/endpoint";
import { hostBase } from "./hosts";
import { isSessionlessPath, pageLocation } from "./location";

/** Every cms answer: `{code, data, msg, count?, type?}`; code 0 is success. */
export interface Envelope<T = unknown> {
  code: number;
  data: T;
  msg: string;
  count?: number;
  type?: string | null;
}

export type Payload = Record<string, unknown>;

export interface RequestOptions {
  /**
   * Parameters for the address of a call that sends a body (POST, PATCH, PUT): the validator
   * service takes its roomid and token there (2 §7). GET and DELETE carry theirs in `payload`.
   */
  query?: Payload;
  /**
   * A session probe (trylogin): a 401 is its answer, not a failure, so the HTTP layer
   * neither shows it nor leaves the page; the caller decides where to go.
   */
  authProbe?: boolean;
}

declare module "axios" {
  interface AxiosRequestConfig {
    authProbe?: boolean;
  }
}

/**
 * A failed call, shaped like Refine's `HttpError` so Refine hooks and forms understand it. The
 * HTTP layer shows nothing itself: Refine's notification provider (providers/notify.ts) or the
 * page's error state does. `code` is the body code when there was a body; `refused` marks a call
 * the server answered with a non-zero code (a business refusal, which a declaration may keep
 * quiet, 1 §8), as opposed to a failed transport or status; `quiet` marks failures nobody is to
 * be told of (a timeout is only logged; a 401 leaves for /login).
 */
export class HttpRequestError extends Error {
  readonly statusCode: number;
  readonly code?: number;
  readonly errors?: Record<string, string>;
  readonly refused: boolean;
  readonly quiet: boolean;

  constructor(
    messageText: string,
    statusCode: number,
    extra: { code?: number; errors?: Record<string, string>; refused?: boolean; quiet?: boolean } = {},
  ) {
    super(messageText);
    this.name = "HttpRequestError";
    this.statusCode = statusCode;
    this.code = extra.code;
    this.errors = extra.errors;
    this.refused = extra.refused ?? false;
    this.quiet = extra.quiet ?? false;
  }
}

/** The status catalogue of 1 §8. */
export function httpStatusText(status: number, url = ""): string {
  switch (status) {
    case 400: return "请求错误";
    case 401: return "未授权，请登录";
    case 403: return "拒绝访问";
    case 404: return `请求地址出错: ${url}`;
    case 408: return "请求超时";
    case 500: return "服务器内部错误";
    case 501: return "服务未实现";
    case 502: return "网关错误";
    case 503: return "服务不可用";
    case 504: return "网关超时";
    case 505: return "HTTP版本不受支持";
    default: return "未知错误";
  }
}

/** A call that got no answer (offline, refused connection, blocked by the browser). */
export const NETWORK_ERROR = "网络异常";

const instance = axios.create({ withCredentials: true, timeout: 15_000 });
const defaultAdapter = instance.defaults.adapter;

/** Stories and tests answer requests themselves; `undefined` restores the network. */
export function setHttpAdapter(adapter?: AxiosAdapter): void {
  instance.defaults.adapter = adapter ?? defaultAdapter;
}

function toLogin(): void {
  if (!isSessionlessPath(pageLocation.pathname())) pageLocation.assign("/login");
}

const isEnvelope = (body: unknown): body is Envelope =>
  !!body && typeof body === "object" && typeof (body as Envelope).code === "number";

// Requests on their way, so that background work waits for the page's own (src/lib/when-idle.ts).
let inFlight = 0;
let settledAt = 0;
const settledWaiters = new Set<() => void>();
instance.interceptors.request.use((config) => {
  inFlight += 1;
  return config;
}, undefined, { synchronous: true });
function settled(): void {
  inFlight = Math.max(0, inFlight - 1);
  settledAt = Date.now();
  if (inFlight === 0) for (const waiter of [...settledWaiters]) waiter();
}

/** How long no request has been on its way, in ms; -1 while one is. */
export const quietForMs = (): number => (inFlight > 0 ? -1 : Date.now() - settledAt);

/** Calls `run` once no request is on its way; returns the cancel. */
export function onceRequestsSettled(run: () => void): () => void {
  const waiter = () => {
    settledWaiters.delete(waiter);
    run();
  };
  settledWaiters.add(waiter);
  return () => void settledWaiters.delete(waiter);
}

instance.interceptors.response.use(
  (response: AxiosResponse) => {
    settled();
    if (isEnvelope(response.data) && response.data.code === 401 && !response.config.authProbe) toLogin();
    return response;
  },
  (error: AxiosError) => {
    settled();
    if (axios.isCancel(error)) return Promise.reject(error);
    if (error.code === "ECONNABORTED" || error.code === "ETIMEDOUT") {
      console.warn("[http] request timed out:", error.config?.url);
      return Promise.reject(new HttpRequestError("请求超时", 408, { quiet: true }));
    }
    // No answer at all: axios says "Network Error" in English; a person needs the catalogue's word.
    if (!error.response) return Promise.reject(new HttpRequestError(NETWORK_ERROR, 0));
    const { status, data } = error.response;
    // "Too many requests" is not in the catalogue; the server's own words say what to wait for.
    const text = status === 429 && isEnvelope(data) && data.msg ? data.msg : httpStatusText(status, error.config?.url);
    // A 401 leaves for /login (or, for a probe, is the answer itself): nothing to tell anyone.
    if (status === 401 && !error.config?.authProbe) toLogin();
    const code = isEnvelope(data) ? data.code : undefined;
    return Promise.reject(new HttpRequestError(text, status, { code, quiet: status === 401 }));
  },
);

/** The full address of an endpoint, for what the browser loads itself (captcha images). */
export function endpointUrl(endpoint: Endpoint, query?: Record<string, string | number>): string {
  const base = hostBase(endpoint.host) + endpoint.path;
  if (!query) return base;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `${base}?${search.toString()}`;
}

async function send<T>(endpoint: Endpoint, config: AxiosRequestConfig): Promise<Envelope<T>> {
  const response = await instance.request<unknown>({ url: hostBase(endpoint.host) + endpoint.path, method: endpoint.method, ...config });
  if (!isEnvelope(response.data)) {
    throw new HttpRequestError("服务器返回了无法识别的数据", response.status);
  }
  return response.data as Envelope<T>;
}

/** One call; resolves to the whole envelope whatever its code. */
export async function request<T = unknown>(endpoint: Endpoint, payload?: Payload, options: RequestOptions = {}): Promise<Envelope<T>> {
  const inQuery = endpoint.method === "GET" || endpoint.method === "DELETE";
  return send<T>(endpoint, {
    params: inQuery ? payload : options.query,
    data: inQuery ? undefined : (payload ?? {}),
    authProbe: options.authProbe,
  });
}

export interface UploadOptions {
  /** The multipart field the file travels in. */
  field?: string;
  /** Called as the bytes leave, with the share sent so far (0 to 1). */
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
  /** Parameters for the address (the upload's `rule`). */
  query?: Payload;
}

/** Sends one file as multipart form data (1 §7 "Upload file"); resolves to the answer's data. */
export async function upload<T = unknown>(endpoint: Endpoint, file: File, { field = "file", onProgress, signal, query }: UploadOptions = {}): Promise<T> {
  const form = new FormData();
  form.append(field, file, file.name);
  const envelope = await send<T>(endpoint, {
    data: form,
    params: query,
    signal,
    // A few megabytes on a slow line take longer than a call.
    timeout: 120_000,
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(Math.min(1, event.loaded / event.total));
    },
  });
  return unwrap(envelope);
}

// Validation failures name the field as `data: {field}`; Refine forms put the message there.
function fieldErrors(envelope: Envelope): Record<string, string> | undefined {
  const data = envelope.data as { field?: unknown } | null;
  if (data && typeof data === "object" && typeof data.field === "string" && data.field) {
    return { [data.field]: envelope.msg };
  }
  return undefined;
}

/** The one place the envelope is unwrapped: code 0 gives `data`, anything else throws. */
export function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.code === 0) return envelope.data;
  // Refine reads statusCode (401 logs out); the codes that mean an HTTP status (401, 403, and 404
  // for 记录不存在) keep it, so a page tells "no such record" from a failure without reading `code`;
  // any other refused business call is a client-side 400.
  const statusCode = envelope.code === 401 || envelope.code === 403 || envelope.code === 404 ? envelope.code : 400;
  throw new HttpRequestError(envelope.msg || "请求失败", statusCode, {
    code: envelope.code,
    errors: fieldErrors(envelope),
    refused: true,
    quiet: envelope.code === 401,
  });
}

export async function call<T = unknown>(endpoint: Endpoint, payload?: Payload): Promise<T> {
  return unwrap(await request<T>(endpoint, payload));
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string") {
    return (error as { message: string }).message;
  }
  return "未知错误";
}
