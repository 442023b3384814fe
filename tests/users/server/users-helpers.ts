import type { FastifyInstance } from "fastify";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { hostPrefixes } from "../../../server/config";

/** Calls an endpoint the way the data provider does: GET and DELETE in the query, others as JSON. */
export async function call(app: FastifyInstance, cookie: string, endpoint: Endpoint, params: Record<string, unknown> = {}) {
  const url = (hostPrefixes[endpoint.host] ?? "") + endpoint.path;
  const headers = cookie ? { cookie } : {};
  const res =
    endpoint.method === "GET" || endpoint.method === "DELETE"
      ? await app.inject({ method: endpoint.method, url, query: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])), headers })
      : await app.inject({ method: endpoint.method, url, payload: params, headers });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: unknown; count?: number } };
}

import type { PersonRow } from "../../../resources/users/person";

export type Row = PersonRow;

/** Every row of a list, page by page. */
export async function allRows(app: FastifyInstance, cookie: string, endpoint: Endpoint, extra: Record<string, unknown> = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const { body } = await call(app, cookie, endpoint, { ...extra, page, count: 100 });
    if (body.code !== 0) throw new Error(`list failed: ${body.msg}`);
    rows.push(...(body.data as Row[]));
    if (rows.length >= (body.count ?? 0)) return rows;
  }
}

/** Mobiles no demo person has: `prefix` (7 digits) and a running number. */
export function mobileSupply(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}${String(++n).padStart(4, "0")}`;
}
