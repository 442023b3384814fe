import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../resources";
import type { ResourceDecl } from "../../resources/define";
import type { Endpoint } from "../../resources/endpoint";
import { allMenuKeys, savePermissions } from "../../resources/menu";
import { hostPrefixes } from "../../server/config";
import { signIn, startSignedIn, type TestServer } from "./helpers";
import { call } from "./users-helpers";

/**
 * The server's refusals, for every call every resource declares, whatever the resource's shape:
 * the calls, their methods and paths, and the parameters that make a request invalid are read
 * from the declarations and from the OpenAPI document the server publishes, never assumed.
 */

let s: TestServer;
let admin: string;
let subadmin: string;
let openapi: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  maxLength?: number;
  pattern?: string;
  $ref?: string;
}
interface Operation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

/** One declared call: where it comes from and the endpoint it names. */
interface Call {
  resource: ResourceDecl;
  name: string;
  endpoint: Endpoint;
  /** A call of the declaration's `api` (the engine's calls) rather than a resource's extra ones. */
  own: boolean;
}

const endpointsOf = (group: unknown): [string, Endpoint][] =>
  Object.entries((group ?? {}) as Record<string, unknown>).filter(
    (entry): entry is [string, Endpoint] => !!entry[1] && typeof entry[1] === "object" && "method" in entry[1] && "path" in entry[1],
  );

/** Every call of every declared resource, each endpoint once per resource (a search may be the list call). */
const calls: Call[] = resources.flatMap((resource) => {
  const seen = new Set<string>();
  const extra = (resource as ResourceDecl & { extra?: unknown }).extra;
  return [
    ...endpointsOf(resource.api).map(([name, endpoint]) => ({ resource, name, endpoint, own: true })),
    ...endpointsOf(extra).map(([name, endpoint]) => ({ resource, name, endpoint, own: false })),
  ].filter(({ endpoint }) => {
    const key = `${endpoint.method} ${endpoint.host} ${endpoint.path}`;
    return !seen.has(key) && !!seen.add(key);
  });
});

const label = (c: Call) => `${c.resource.name}.${c.name} (${c.endpoint.method} ${c.endpoint.path})`;

const operationOf = (endpoint: Endpoint): Operation | undefined =>
  openapi.paths[(hostPrefixes[endpoint.host] ?? "") + endpoint.path]?.[endpoint.method.toLowerCase()];

const resolve = (schema: JsonSchema | undefined): JsonSchema | undefined =>
  schema?.$ref ? openapi.components?.schemas?.[schema.$ref.split("/").pop()!] : schema;

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);

/** A query value the parameter's schema refuses, or undefined when nothing is sure to be refused. */
function badQueryValue(schema: JsonSchema): string | undefined {
  if (typesOf(schema).some((t) => t === "integer" || t === "number")) return "x";
  if (schema.enum) return "not-one-of-them";
  if (schema.maxLength !== undefined) return "x".repeat(schema.maxLength + 1);
  return undefined;
}

/**
 * Parameters the call's schema refuses: every numeric, enumerated or bounded query parameter
 * given a wrong value, and a body whose every property has the wrong type (an object where a
 * scalar or list is due) or, for a body schema without properties, a list instead of an object.
 * `invalid` says whether the schema is sure to refuse them.
 */
function invalidParams(endpoint: Endpoint): { params: unknown; invalid: boolean } {
  const op = operationOf(endpoint);
  if (!op) throw new Error(`${endpoint.method} ${endpoint.path} is not in the OpenAPI document`);
  const body = resolve(op.requestBody?.content["application/json"]?.schema);
  if (body) {
    const props = Object.keys(body.properties ?? {});
    return props.length ? { params: Object.fromEntries(props.map((p) => [p, { wrong: true }])), invalid: true } : { params: [], invalid: true };
  }
  const query = Object.fromEntries(
    (op.parameters ?? []).filter((p) => p.in === "query").flatMap((p) => {
      const value = badQueryValue(p.schema);
      return value === undefined ? [] : [[p.name, value]];
    }),
  );
  const missingRequired = (op.parameters ?? []).some((p) => p.in === "query" && p.required && !(p.name in query));
  return { params: query, invalid: Object.keys(query).length > 0 || missingRequired };
}

/** Sends a call's invalid parameters: GET and DELETE in the query, others as the JSON body (a list body too). */
async function send(cookie: string, endpoint: Endpoint) {
  const { params } = invalidParams(endpoint);
  if (!Array.isArray(params)) return call(s.app, cookie, endpoint, params as Record<string, unknown>);
  const res = await s.app.inject({
    method: endpoint.method,
    url: (hostPrefixes[endpoint.host] ?? "") + endpoint.path,
    payload: JSON.stringify(params),
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string } };
}

const forbidden = [403, { code: 403, data: null, msg: "拒绝访问" }];

/** Gives the demo sub-admin 13800000004 exactly these menu keys; its session reads them on its next call. */
async function grant(keys: Iterable<string>) {
  const person = await s.db.kysely.selectFrom("persons").select("id").where("mobile", "=", "13800000004").executeTakeFirstOrThrow();
  await s.db.kysely
    .updateTable("identities")
    .set({ userop: JSON.stringify(savePermissions(keys)) })
    .where("person_id", "=", person.id)
    .where("role", "=", "subadmin")
    .execute();
}

beforeAll(async () => {
  ({ s, admin } = await startSignedIn());
  subadmin = await signIn(s.app, "13800000004", "admin");
  openapi = (await s.app.inject({ url: "/api/docs/json" })).json();
});
afterAll(() => s.close());

describe("every declared call of every resource", () => {
  it("is found: each resource declares calls, and each is served and published", () => {
    for (const resource of resources) expect(calls.some((c) => c.resource === resource && c.own), resource.name).toBe(true);
    for (const c of calls) expect(operationOf(c.endpoint), label(c)).toBeDefined();
  });

  it("answers 401 without a session, before looking at the parameters", async () => {
    for (const c of calls) {
      const res = await send("", c.endpoint);
      expect([res.status, res.body.code], label(c)).toEqual([401, 401]);
    }
  });

  it("refuses teachers, assistants and students with 403 before validation", async () => {
    for (const [mobile, type] of [["13800000001", "teacher"], ["13800000002", "assistant"], ["13800000003", "student"]] as const) {
      const cookie = await signIn(s.app, mobile, type);
      for (const c of calls) {
        const res = await send(cookie, c.endpoint);
        expect([res.status, res.body], `${type}: ${label(c)}`).toEqual(forbidden);
      }
    }
  });

  it("refuses a sub-admin holding every menu key but the resource's (and those of the pages leading to it), before validation", async () => {
    for (const resource of resources) {
      const admitting = [resource.menu.key, ...(resource.menu.alsoFor ?? [])];
      await grant(allMenuKeys().filter((k) => !admitting.includes(k)));
      for (const c of calls.filter((x) => x.resource === resource && x.own)) {
        const res = await send(subadmin, c.endpoint);
        expect([res.status, res.body], `without ${admitting.join(", ")}: ${label(c)}`).toEqual(forbidden);
      }
    }
  });

  it("refuses a sub-admin holding no menu key at all, on the resources' extra calls too", async () => {
    await grant([]);
    for (const c of calls) {
      const res = await send(subadmin, c.endpoint);
      expect([res.status, res.body], label(c)).toEqual(forbidden);
    }
  });

  it("lets a sub-admin holding every key reach validation, except on main-admin-only resources", async () => {
    await grant(allMenuKeys());
    for (const c of calls.filter((x) => x.own)) {
      const res = await send(subadmin, c.endpoint);
      if (c.resource.mainAdminOnly) expect([res.status, res.body], label(c)).toEqual(forbidden);
      else expect(res.body.code, label(c)).not.toBe(403);
    }
  });

  it("lets the main admin reach validation: its invalid parameters are refused as such, never 401 or 403", async () => {
    for (const c of calls) {
      const res = await send(admin, c.endpoint);
      expect(res.status, label(c)).toBeLessThan(500);
      expect([401, 403], label(c)).not.toContain(res.body.code);
      if (invalidParams(c.endpoint).invalid) expect([res.status, res.body.code], `${label(c)}: ${res.body.msg}`).toEqual([200, 400]);
    }
  });
});
