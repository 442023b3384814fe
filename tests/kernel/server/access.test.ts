import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resources } from "../../../resources";
import type { ResourceDecl } from "../../../resources/kernel/define";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { liveApi, validatorApi } from "../../../resources/lives/live-api";
import { allMenuKeys, savePermissions } from "../../../resources/kernel/menu";
import { portalApi } from "../../../resources/portal/portal";
import { rechargeApi } from "../../../resources/billing/recharge";
import { hostPrefixes } from "../../../server/config";
import { signIn, startSignedIn, type TestServer } from "./helpers";
import { call } from "../../users/server/users-helpers";

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

  it("refuses a sub-admin holding every menu key but the resource's (those of the pages leading to it, those it is readable with, and those of another resource making the same call), before validation", async () => {
    const keysOf = (resource: ResourceDecl) => [resource.menu.key, ...(resource.menu.alsoFor ?? []), ...(resource.readableWith ?? [])];
    // A recorded course is a course and a recorded session a live (resources/vod): their screens make the course and live calls.
    const sharing = (endpoint: Endpoint) => resources.filter((r) => Object.values(r.api).some((e) => e && named(e) === named(endpoint)));
    for (const resource of resources) {
      for (const c of calls.filter((x) => x.resource === resource && x.own)) {
        const keys = [...new Set([...keysOf(resource), ...sharing(c.endpoint).flatMap(keysOf)])];
        await grant(allMenuKeys().filter((k) => !keys.includes(k)));
        const res = await send(subadmin, c.endpoint);
        expect([res.status, res.body], `without ${keys.join(", ")}: ${label(c)}`).toEqual(forbidden);
      }
    }
  });

  it("lets a sub-admin holding a key a resource is readable with read it (list, search, get), and change nothing", async () => {
    const reading = new Set(["list", "search", "get"]);
    for (const resource of resources.filter((r) => r.readableWith?.length)) {
      for (const key of resource.readableWith!) {
        await grant([key]);
        for (const c of calls.filter((x) => x.resource === resource && x.own)) {
          const res = await send(subadmin, c.endpoint);
          if (reading.has(c.name)) expect(res.body.code, `with ${key}: ${label(c)}`).not.toBe(403);
          else expect([res.status, res.body], `with ${key}: ${label(c)}`).toEqual(forbidden);
        }
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

/** The portal's calls (resources/portal/portal.ts), but the feed, whose credential is its address (portal-feed.test.ts). */
const portalCalls = Object.entries(portalApi).filter(([name]) => name !== "feed");

describe("the portal's calls and the payment result", () => {
  const portalPeople = [["13800000001", "teacher"], ["13800000002", "assistant"], ["13800000003", "student"]] as const;
  const named = (name: string, endpoint: Endpoint) => `${name} (${endpoint.method} ${endpoint.path})`;

  it("answer 401 without a session", async () => {
    for (const [name, endpoint] of [...portalCalls, ["resultQuery", rechargeApi.resultQuery] as const]) {
      const res = await send("", endpoint);
      expect([res.status, res.body.code], named(name, endpoint)).toEqual([401, 401]);
    }
  });

  it("refuse admins and sub-admins before validation, and let teachers, assistants and students reach it", async () => {
    await grant(allMenuKeys());
    for (const [name, endpoint] of portalCalls) {
      for (const cookie of [admin, subadmin]) expect([(await send(cookie, endpoint)).status, (await send(cookie, endpoint)).body], named(name, endpoint)).toEqual(forbidden);
      for (const [mobile, type] of portalPeople) {
        const res = await send(await signIn(s.app, mobile, type), endpoint);
        expect(res.status, `${type}: ${named(name, endpoint)}`).toBeLessThan(500);
        expect([401, 403], `${type}: ${named(name, endpoint)}`).not.toContain(res.body.code);
        if (invalidParams(endpoint).invalid) expect(res.body.code, `${type}: ${named(name, endpoint)}: ${res.body.msg}`).toBe(400);
      }
    }
  });

  it("keep the payment result to admins holding the recharge menu", async () => {
    for (const [mobile, type] of portalPeople) expect([(await send(await signIn(s.app, mobile, type), rechargeApi.resultQuery)).status], type).toEqual([403]);
    await grant(allMenuKeys().filter((k) => k !== "recharge"));
    expect((await send(subadmin, rechargeApi.resultQuery)).body).toEqual(forbidden[1]);
    await grant(["recharge"]);
    expect((await send(subadmin, rechargeApi.resultQuery)).body.code).toBe(400);
    expect((await send(admin, rechargeApi.resultQuery)).body.code).toBe(400);
  });
});

/**
 * Declared calls guarded by menu keys of their own (any one of `keys` lets a sub-admin through):
 * writing lives and the live defaults, the verification drawer's token and the validator service
 * (resources/lives/calls.ts). Those a course's live
 * list leads to (创建直播, 修改, 验证方式) admit courseop as the list does, spelled out here rather
 * than read from resources/lives/live-api.ts liveCourseKeys, so a change there shows as a failure.
 */
const bespoke: { endpoint: Endpoint; keys: string[] }[] = [
  { endpoint: liveApi.validatorToken, keys: ["liveop", "courseop"] },
  ...Object.values(validatorApi).map((endpoint) => ({ endpoint, keys: ["liveop", "courseop"] })),
  { endpoint: liveApi.create, keys: ["liveop", "courseop", "vodcourseop", "vodop"] },
  { endpoint: liveApi.update, keys: ["liveop", "courseop", "vodcourseop", "vodop"] },
  { endpoint: liveApi.conflicts, keys: ["liveop", "courseop", "vodcourseop", "vodop"] },
  // /filterWords reads it too: its white list shows only while openFilterChat is on.
  { endpoint: liveApi.groupConfig, keys: ["liveSetting", "liveop", "courseop", "filterWords"] },
  { endpoint: liveApi.groupConfigSet, keys: ["liveSetting"] },
];
const named = (e: Endpoint) => `${e.method} ${e.path}`;

describe("every bespoke call guarded by its menu keys", () => {
  it("answers 401 without a session and 403 to teachers, assistants and students, before validation", async () => {
    for (const { endpoint } of bespoke) expect([(await send("", endpoint)).status], named(endpoint)).toEqual([401]);
    for (const [mobile, type] of [["13800000001", "teacher"], ["13800000002", "assistant"], ["13800000003", "student"]] as const) {
      const cookie = await signIn(s.app, mobile, type);
      for (const { endpoint } of bespoke) expect([(await send(cookie, endpoint)).status, (await send(cookie, endpoint)).body], `${type}: ${named(endpoint)}`).toEqual(forbidden);
    }
  });

  it("refuses a sub-admin holding every other key, and lets one holding any of its keys reach validation", async () => {
    for (const { endpoint, keys } of bespoke) {
      await grant(allMenuKeys().filter((k) => !keys.includes(k)));
      expect([(await send(subadmin, endpoint)).status, (await send(subadmin, endpoint)).body], `without ${keys.join(", ")}: ${named(endpoint)}`).toEqual(forbidden);
      for (const key of keys) {
        await grant([key]);
        const res = await send(subadmin, endpoint);
        expect([res.status, res.body.code], `with ${key}: ${named(endpoint)}: ${res.body.msg}`).toEqual([200, invalidParams(endpoint).invalid ? 400 : 0]);
      }
    }
  });

  it("refuses the main admin's invalid parameters as such", async () => {
    for (const { endpoint } of bespoke) {
      const res = await send(admin, endpoint);
      if (invalidParams(endpoint).invalid) expect([res.status, res.body.code], `${named(endpoint)}: ${res.body.msg}`).toEqual([200, 400]);
      else expect(res.body.code, named(endpoint)).toBe(0);
    }
  });
});
