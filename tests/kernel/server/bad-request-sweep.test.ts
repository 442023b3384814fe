import zlib from "node:zlib";
import fc from "fast-check";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalApi } from "../../../resources/portal/portal";
import { hostPrefixes } from "../../../server/config";
import { signIn, startSignedIn, type TestServer } from "./helpers";

/**
 * Issue 8 finding 7: generated bad requests against every operation of /api/docs/json, half of
 * them with the demo main admin's session. None may answer 500 or more, and every JSON answer
 * must be the envelope (every refusal too: a 4xx outside it is a framework default leaking).
 * The seed is fixed, so a failure names a request that fails again.
 */
const SEED = 20260508;
// PostgreSQL answers each query over a socket; fewer requests there still reach every operation dozens of times.
const RUNS = process.env.DATABASE_URL ? 4_000 : 10_000;
const PARALLEL = 8;

interface Prop {
  type?: string | string[];
  properties?: Record<string, Prop>;
  allOf?: Prop[];
  required?: string[];
  $ref?: string;
}
interface Operation {
  method: string;
  path: string;
  query: string[];
  body: string[] | null;
}

type Doc = { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema: Prop }> } }>>; components?: { schemas: Record<string, Prop> } };

function operationsOf(doc: Doc): Operation[] {
  const resolve = (p: Prop): Prop => (p.$ref ? resolve(doc.components!.schemas[p.$ref.split("/").pop()!]) : p);
  const fields = (p: Prop): string[] => {
    const s = resolve(p);
    return [...(s.allOf ?? []).flatMap(fields), ...Object.keys(s.properties ?? {})];
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const schema = op.requestBody?.content["application/json"]?.schema;
      return {
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
        body: schema ? fields(schema) : null,
      };
    }),
  );
}

// ---- what a bad request is made of ----

/** Numbers a form would never send weigh most: they are what reached the database as a 500. */
const badNumber = fc.constantFrom(
  "Infinity", "-Infinity", "NaN", "1e308", "-1e308", "1e-7", "1e2", "0x10", "0b1", "0o7", "1.5", "-0", " 1", "1 ", "+1", "",
  "-1", "0", "2147483648", "-2147483649", "9007199254740993", "99999999999999999999",
);
const badText = fc.oneof(
  { arbitrary: badNumber, weight: 6 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.double().map(String), weight: 1 },
  {
    arbitrary: fc.constantFrom("null", "undefined", "true", "[]", "{}", "\u0000", "🙂🙂🙂", "../../etc/passwd", "' or 1=1 --", "<script>alert(1)</script>", "__proto__", "2020-02-30 25:61:61"),
    weight: 2,
  },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  { arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }), weight: 1 },
  { arbitrary: fc.nat({ max: 40_000 }).map((n) => "x".repeat(n)), weight: 1 },
);

const badJson: fc.Arbitrary<unknown> = fc.oneof(
  badText,
  fc.constantFrom(1e308, -1e308, 2147483648, 0.5, -1, 0, true, false, null, [], {}, [1, 2], { $gt: "" }),
  fc.jsonValue({ maxDepth: 2 }),
);

const kinds = ["query", "repeated", "body", "missing", "json", "oversize", "method", "headers", "path", "multipart"] as const;

const oddHeaders: Record<string, string>[] = [
  { "content-type": "text/plain" },
  { "content-type": "application/xml" },
  { "content-type": "application/json; charset=utf-16" },
  { "content-type": "application/x-www-form-urlencoded" },
  { "content-type": "multipart/form-data" },
  { "content-encoding": "gzip", "content-type": "application/json" },
  { cookie: "lectern_sid=not-a-session" },
  { cookie: `lectern_sid=${"a".repeat(4000)}` },
  { cookie: "lectern_sid=%zz; lectern_sid=1" },
  { accept: "*/*;q=abc" },
  { "accept-encoding": "gzip;q=x, br, deflate, identity;q=0" },
  { "x-forwarded-for": "not an address, 999.1.1.1" },
  { origin: "null" },
  { origin: "http://evil.example" },
  { referer: "::::" },
  { "sec-fetch-site": "cross-site" },
  { host: "evil.example" },
  { "if-none-match": "*" },
  { range: "bytes=-1-2" },
];

const plan = fc.record({
  kind: fc.constantFrom(...kinds),
  signedIn: fc.boolean(),
  texts: fc.array(badText, { minLength: 1, maxLength: 8 }),
  values: fc.array(badJson, { minLength: 1, maxLength: 8 }),
  keep: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE", "PROPFIND"),
  junk: fc.string({ maxLength: 200 }),
  headers: fc.constantFrom(...oddHeaders),
  suffix: fc.constantFrom("/", "//", "/x", "/..", "/%2e%2e", "/%zz", "%", "?%zz=1&%=", "?", "#x", ";x", "/" + "y".repeat(300)),
  /** Query text as typed, percent signs and all, instead of encoded. */
  rawQuery: fc.boolean(),
});
type Plan = typeof plan extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: T[], i: number) => list[i % list.length];

function queryOf(op: Operation, p: Plan): string {
  const text = (i: number) => (p.rawQuery ? pick(p.texts, i).replace(/[\s#&]/g, "") : encodeURIComponent(pick(p.texts, i)));
  const pairs = op.query.filter((_, i) => p.keep[i % p.keep.length]).map((name, i) => `${name}=${text(i)}`);
  if (p.kind === "repeated" && op.query.length) pairs.push(...op.query.map((name, i) => `${name}=${text(i + 1)}`));
  return pairs.length ? `?${pairs.join("&")}` : "";
}

function bodyOf(op: Operation, p: Plan): Record<string, unknown> {
  const names = [...(op.body ?? []), "__proto__", "constructor", "id"];
  return Object.fromEntries(names.filter((_, i) => p.kind !== "missing" || p.keep[i % p.keep.length]).map((name, i) => [name, pick(p.values, i)]));
}

const path = (op: Operation) => op.path.replace(/\{[^}]+\}/g, (_m) => "0123456789abcdef0123456789abcdef.png");
const oversize = Buffer.from(JSON.stringify({ title: "x".repeat(1024 * 1024 + 10) }));

function requestOf(op: Operation, p: Plan, cookie: string): InjectOptions {
  const headers: Record<string, string> = cookie && p.signedIn ? { cookie } : {};
  const base = { method: op.method as InjectOptions["method"], url: path(op) + queryOf(op, p), headers };
  switch (p.kind) {
    case "body":
    case "missing":
      return { ...base, payload: JSON.stringify(bodyOf(op, p)), headers: { ...headers, "content-type": "application/json" } };
    case "json":
      return { ...base, payload: pick(["{", '{"a":', "[1,", "nul", p.junk, `{"x":"${p.junk}`], p.junk.length), headers: { ...headers, "content-type": "application/json" } };
    case "oversize":
      return { ...base, payload: oversize, headers: { ...headers, "content-type": "application/json" } };
    case "method":
      return { ...base, method: p.method as InjectOptions["method"], payload: p.method === "GET" || p.method === "HEAD" ? undefined : p.junk };
    case "headers":
      return { ...base, headers: { ...headers, ...p.headers }, payload: op.body ? p.junk : undefined };
    case "path":
      return { ...base, url: path(op) + p.suffix + queryOf(op, p) };
    case "multipart":
      return { ...base, payload: `--b\r\nContent-Disposition: form-data; name="file"; filename="${p.junk.replace(/["\r\n]/g, "")}"\r\n\r\n${p.junk}`, headers: { ...headers, "content-type": pick(["multipart/form-data; boundary=b", "multipart/form-data; boundary=", "multipart/mixed"], p.junk.length) } };
    default:
      return base;
  }
}

/** The body as sent before compression (an odd Accept-Encoding still gets a compressed answer). */
function decoded(res: LightMyRequestResponse): string {
  const unzip = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync, br: zlib.brotliDecompressSync }[String(res.headers["content-encoding"] ?? "")];
  return unzip ? unzip(res.rawPayload).toString("utf8") : res.body;
}

/** What is wrong with an answer, or null. */
function problemOf(res: LightMyRequestResponse, request: InjectOptions): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  const type = String(res.headers["content-type"] ?? "");
  if (request.method === "HEAD" || res.statusCode === 304) return null;
  if (!type.startsWith("application/json")) return res.statusCode >= 400 ? `a ${res.statusCode} outside the envelope (${type}): ${res.body.slice(0, 120)}` : null;
  // /config.json is the one JSON answer that is not the envelope (1 §7, a file of base addresses).
  if (res.statusCode === 200 && request.url?.toString().startsWith("/config.json")) return null;
  let body: { code?: unknown; data?: unknown; msg?: unknown };
  try {
    body = JSON.parse(decoded(res));
  } catch {
    return `JSON that does not parse: ${res.body.slice(0, 120)}`;
  }
  if (typeof body !== "object" || body === null || typeof body.code !== "number" || typeof body.msg !== "string" || !("data" in body))
    return `not the envelope: ${res.body.slice(0, 160)}`;
  if (body.code !== 0 && !/[\u4e00-\u9fff]/.test(body.msg)) return `a refusal not in Chinese: ${body.msg}`;
  return null;
}

let s: TestServer;
let admin: string;
/** The portal's calls refuse an admin before validation; a student's session reaches their handlers. */
let student: string;
const portalPaths = new Set(Object.values(portalApi).map((e) => (hostPrefixes[e.host] ?? "") + e.path.replace(/:(\w+)/g, "{$1}")));
beforeAll(async () => {
  ({ s, admin } = await startSignedIn());
  student = await signIn(s.app, "13800000003", "student");
}, 120_000);
afterAll(() => s.close());

describe("a sweep of generated bad requests (issue 8 finding 7)", () => {
  it(`answers ${RUNS} of them, on every documented operation, below 500 and in the envelope`, async () => {
    const doc = (await s.app.inject({ url: "/api/docs/json" })).json() as Doc;
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(60);
    const plans = fc.sample(plan, { seed: SEED, numRuns: RUNS });
    const problems: string[] = [];
    const reached = new Set<string>();
    for (let start = 0; start < plans.length; start += PARALLEL) {
      // A generated call may end the admin's session (logout, a changed password): sign in again.
      if (start % 400 === 0 && (await s.app.inject({ url: "/cms/trylogin", headers: { cookie: admin } })).json().code !== 0)
        admin = await signIn(s.app, "13800000000", "admin");
      if (start % 400 === 0 && (await s.app.inject({ url: "/cms/trylogin", headers: { cookie: student } })).json().code !== 0)
        student = await signIn(s.app, "13800000003", "student");
      await Promise.all(
        plans.slice(start, start + PARALLEL).map(async (p, j) => {
          const i = start + j;
          const op = operations[i % operations.length];
          const request = requestOf(op, p, portalPaths.has(op.path) ? student : admin);
          const res = await s.app.inject(request);
          reached.add(`${op.method} ${op.path}`);
          const problem = problemOf(res, request);
          if (problem) problems.push(`#${i} ${request.method} ${String(request.url).slice(0, 160)} [${p.kind}${p.signedIn ? ", signed in" : ""}]: ${problem}`);
        }),
      );
    }
    expect(reached.size).toBe(new Set(operations.map((o) => `${o.method} ${o.path}`)).size);
    expect(problems.slice(0, 20), `${problems.length} bad answers`).toEqual([]);
  }, 300_000);
});
