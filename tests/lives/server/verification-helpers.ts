import type { FastifyInstance } from "fastify";
import { liveApi } from "../../../resources/lives/live-api";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { hostPrefixes } from "../../../server/config";
import type { TestServer } from "../../kernel/server/helpers";

export interface Answer<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T; content?: T; count?: number; token?: string };
}

/**
 * Calls a validator-service endpoint as the drawer does: roomid and token (and any other
 * parameter) in the query, a POST/PUT body as JSON.
 */
export async function serviceCall<T = unknown>(app: FastifyInstance, cookie: string, endpoint: Endpoint, query: Record<string, unknown>, body?: unknown): Promise<Answer<T>> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await app.inject({
    method: endpoint.method,
    url: `${hostPrefixes[endpoint.host] ?? ""}${endpoint.path}?${search}`,
    headers: cookie ? { cookie } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** GET /cms/liveiframetoken for `liveid`, answering the whole envelope. */
export async function askToken(app: FastifyInstance, cookie: string, liveid: unknown): Promise<Answer<{ token: string; liveid: number; expires_in: number }>> {
  const res = await app.inject({ url: `${liveApi.validatorToken.path}?liveid=${encodeURIComponent(String(liveid))}`, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, body: res.json() };
}

/** A token for `liveid`, or a failed test. */
export async function tokenFor(app: FastifyInstance, cookie: string, liveid: number): Promise<string> {
  const { body } = await askToken(app, cookie, liveid);
  if (body.code !== 0) throw new Error(`token for live ${liveid}: ${body.msg}`);
  return body.data.token;
}

/** The organisation named `name` and its active and voided lives, oldest first. */
export async function orgLives(s: TestServer, name: string) {
  const org = await s.db.kysely.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirstOrThrow();
  const lives = await s.db.kysely.selectFrom("lives").select(["id", "voided"]).where("org_id", "=", org.id).orderBy("id").execute();
  return { orgId: org.id, active: lives.filter((l) => l.voided === 0).map((l) => l.id), voided: lives.filter((l) => l.voided !== 0).map((l) => l.id) };
}

/** `count` rows `{username, password}` whose passwords start with `prefix` (unique within the call). */
export const sheetRows = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({ username: `学员${prefix}${i}`, password: `${prefix}${String(i).padStart(6, "0")}` }));
