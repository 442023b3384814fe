import type { BaseRecord, CrudFilter, DataProvider, MetaQuery, Pagination } from "@refinedev/core";
import { ep, type Endpoint, type HttpMethod } from "../resources/kernel/endpoint";
import type { ListShape } from "../resources/kernel/paging";
import { call, request, unwrap, type Payload } from "./http";
import { hostBase } from "./hosts";

type EndpointSpec = Endpoint | `${HttpMethod} /${string}`;

/** The calls of one cms family, as a resource declares them (`api` in resources/kernel/define.ts). */
export interface ResourceApi {
  list?: EndpointSpec;
  /** Used instead of `list` when the list is filtered (the cms `…search` variants). */
  search?: EndpointSpec;
  one?: EndpointSpec;
  create?: EndpointSpec;
  update?: EndpointSpec;
  remove?: EndpointSpec;
}

export interface DataProviderOptions {
  /** Resources known up front; a resource's `meta.api` takes precedence. */
  resources?: Record<string, ResourceApi>;
  /** Page size when Refine gives none (1 §9). */
  defaultPageSize?: number;
}

const toEndpoint = (spec: EndpointSpec): Endpoint => (typeof spec === "string" ? ep(spec) : spec);

function endpointFor(
  options: DataProviderOptions,
  resource: string,
  meta: MetaQuery | undefined,
  operation: keyof ResourceApi,
): Endpoint | undefined {
  const declared = (meta?.api as ResourceApi | undefined) ?? options.resources?.[resource];
  const spec = declared?.[operation];
  return spec ? toEndpoint(spec) : undefined;
}

function requireEndpoint(...args: Parameters<typeof endpointFor>): Endpoint {
  const endpoint = endpointFor(...args);
  if (!endpoint) throw new Error(`resource "${args[1]}" declares no "${args[3]}" call`);
  return endpoint;
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);

/** cms lists take flat query parameters, one per filtered field. */
export function filterParams(filters: CrudFilter[] | undefined): Payload {
  const params: Payload = {};
  for (const filter of filters ?? []) {
    if (!("field" in filter)) throw new Error("cms lists take no combined (or/and) filters");
    if (isEmpty(filter.value)) continue;
    params[filter.field] = Array.isArray(filter.value) ? filter.value.join(",") : filter.value;
  }
  return params;
}

function pageParams(pagination: Pagination | undefined, defaultPageSize: number, shape: ListShape | undefined): Payload {
  if (pagination?.mode === "off") return {};
  return { [shape?.page ?? "page"]: pagination?.current ?? 1, [shape?.size ?? "count"]: pagination?.pageSize ?? defaultPageSize };
}

/** The rows and total of a list's answer, where `meta.listShape` says they are (a bare array and the envelope's count by default). */
function listRows<TData>(data: unknown, count: unknown, shape: ListShape | undefined): { data: TData[]; total: number; answer?: Record<string, unknown> } {
  const held = shape?.rows && data && typeof data === "object" ? (data as Record<string, unknown>)[shape.rows] : data;
  const rows = Array.isArray(held) ? (held as TData[]) : [];
  const total = shape?.total ? (data as Record<string, unknown> | null)?.[shape.total] : count;
  // An answer holding its rows in a field may say more beside them (a live's students' totals, 2 §3).
  const answer = shape?.rows && data && typeof data === "object" ? (data as Record<string, unknown>) : undefined;
  return { data: rows, total: typeof total === "number" ? total : rows.length, ...(answer ? { answer } : {}) };
}

/** A Refine data provider over the cms families (the spec's conventions, "Methods on the CRUD families"). */
export function createDataProvider(options: DataProviderOptions = {}): DataProvider {
  const defaultPageSize = options.defaultPageSize ?? 10;
  return {
    getApiUrl: () => hostBase("cms"),

    async getList<TData extends BaseRecord = BaseRecord>({ resource, pagination, filters, meta }: Parameters<DataProvider["getList"]>[0]) {
      const filterQuery = filterParams(filters);
      const filtered = Object.keys(filterQuery).length > 0;
      const endpoint =
        (filtered && endpointFor(options, resource, meta, "search")) || requireEndpoint(options, resource, meta, "list");
      const shape = meta?.listShape as ListShape | undefined;
      const envelope = await request<unknown>(endpoint, { ...pageParams(pagination, defaultPageSize, shape), ...filterQuery });
      return listRows<TData>(unwrap(envelope), envelope.count, shape);
    },

    async getOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider["getOne"]>[0]) {
      const data = await call<TData>(requireEndpoint(options, resource, meta, "one"), { id });
      return { data };
    },

    async create<TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, variables, meta }: Parameters<DataProvider["create"]>[0]) {
      const envelope = await request<TData | null>(requireEndpoint(options, resource, meta, "create"), variables as Payload);
      const result = unwrap(envelope);
      // Adding often answers no record; the caller still gets what it sent. The server's words
      // come beside it: an add may have more to say than 添加成功 (a registered mobile's password kept).
      const data = result && typeof result === "object" ? result : (variables as unknown as TData);
      return { data, msg: envelope.msg } as { data: TData; msg?: string } & { variables?: TVariables };
    },

    async update<TData extends BaseRecord = BaseRecord>({ resource, id, variables, meta }: Parameters<DataProvider["update"]>[0]) {
      const body = { ...(variables as Payload), id };
      const result = await call<TData | null>(requireEndpoint(options, resource, meta, "update"), body);
      return { data: result && typeof result === "object" ? result : (body as unknown as TData) };
    },

    async deleteOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider["deleteOne"]>[0]) {
      await call(requireEndpoint(options, resource, meta, "remove"), { id });
      return { data: { id } as unknown as TData };
    },

    /**
     * The spec's odd calls (a detail page's stats, a course's student panes): `meta.endpoint` names
     * the call (its host included); else `url` is a cms path and `method` its verb. GET and DELETE
     * send `query` in the address (or `payload`: Refine's useCustomMutation passes only that), the
     * others `payload` as the body and `meta.query`, when given, in the address. Resolves to the
     * answer's data, with the envelope's `count` and `msg` beside it for pages that show them; a
     * refusal throws like every other call.
     */
    async custom<TData extends BaseRecord = BaseRecord>({ url, method, query, payload, meta }: Parameters<NonNullable<DataProvider["custom"]>>[0]) {
      const endpoint = (meta?.endpoint as Endpoint | undefined) ?? ep(`${method.toUpperCase() as HttpMethod} ${url}` as `${HttpMethod} /${string}`);
      const inQuery = endpoint.method === "GET" || endpoint.method === "DELETE";
      const address = inQuery ? undefined : (meta?.query as Payload | undefined);
      // A read of a POST call (the media list of 3 §7.4) comes from useCustom's query: it is the body.
      const body = inQuery ? (query ?? payload) : (payload ?? (address ? undefined : query));
      const envelope = await request<TData>(endpoint, body as Payload | undefined, address ? { query: address } : {});
      return { data: unwrap(envelope), count: envelope.count, msg: envelope.msg };
    },
  };
}
