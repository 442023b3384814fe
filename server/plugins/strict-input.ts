import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { fail } from "./envelope";
import { schemaRegistry } from "./schemas";

interface PropSchema {
  type?: string | string[];
  title?: string;
  errorMessage?: string | Record<string, string>;
  items?: PropSchema;
  $ref?: string;
}
interface ObjectSchema {
  properties?: Record<string, PropSchema>;
  allOf?: { $ref?: string }[];
  $ref?: string;
}

const byRef = (ref: string | undefined) => (ref ? schemaRegistry.get(ref.replace(/#$/, "")) : undefined);

/** The properties a route schema declares, through its `$ref` and `allOf` references. */
function propertiesOf(schema: ObjectSchema | undefined): Record<string, PropSchema> {
  if (!schema) return {};
  if (schema.$ref) return propertiesOf(byRef(schema.$ref) as ObjectSchema | undefined);
  const inherited = (schema.allOf ?? []).map((part) => propertiesOf(byRef(part.$ref) as ObjectSchema | undefined));
  const own = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, p]) => [k, (byRef(p.$ref) as PropSchema) ?? p]));
  return Object.assign({}, ...inherited, own);
}

const isInteger = (p: PropSchema | undefined) => p !== undefined && (p.type === "integer" || (Array.isArray(p.type) && p.type.includes("integer")));

/**
 * Digits only, at most 15 of them: every such number is exact in a double. ajv's coercion would
 * also take "Infinity", "1e308", "0x10", " 1" and "1.0", and the first two pass an integer check
 * bounded only below and reach the database (SQLITE_MISMATCH, a 500).
 */
const integerText = /^-?\d{1,15}$/;

function acceptable(value: unknown): boolean {
  if (typeof value === "string") return integerText.test(value);
  if (typeof value === "number") return Number.isSafeInteger(value);
  return true; // anything else is ajv's to refuse, with the schema's message
}

/** What the schema says for a value of the wrong type: its `type` message, or its one message. */
function typeMessage(name: string, p: PropSchema): string {
  const m = p.errorMessage;
  if (typeof m === "string") return m;
  return m?.type ?? m?.minimum ?? `${p.title ?? name}应为整数`;
}

/** Refuses, with the schema's words, any integer field whose value is not plainly an integer. */
function checkIntegers(input: unknown, props: Record<string, PropSchema>) {
  if (!input || typeof input !== "object" || Array.isArray(input)) return;
  for (const [name, value] of Object.entries(input)) {
    const p = props[name];
    if (!p) continue;
    const bad = isInteger(p)
      ? Array.isArray(value) ? value.some((v) => !acceptable(v)) : !acceptable(value)
      : isInteger(p.items) && Array.isArray(value) && value.some((v) => !acceptable(v));
    if (bad) throw fail.bad(typeMessage(name, isInteger(p) ? p : p.items!), name);
  }
}

/**
 * Whether any text in a query or body holds a NUL character. No form sends one, PostgreSQL's text
 * cannot hold one (it fails the statement: a 500), and SQLite would keep it silently; so it is
 * refused everywhere, on both databases alike. Walks at most `depth` levels (bodies are flat objects
 * or lists of them).
 */
function hasNul(value: unknown, depth = 4): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (!value || typeof value !== "object" || depth === 0) return false;
  for (const item of Array.isArray(value) ? value : Object.values(value)) if (hasNul(item, depth - 1)) return true;
  return false;
}

/** A body schema describes an object: anything else (text, a list, null) is refused in words. */
function checkBody(input: unknown, props: Record<string, PropSchema>) {
  if (input === undefined || input === null || input === "") throw fail.bad("请求数据不能为空");
  if (typeof input !== "object" || Array.isArray(input)) throw fail.bad("请求数据格式错误");
  if (hasNul(input)) throw fail.bad("请求数据格式错误");
  checkIntegers(input, props);
}

/**
 * Numbers and empty values in requests, once for every route, before its schema is applied:
 * - an empty query parameter (`type=`) is the same as leaving it out, so a filter sent empty
 *   means "all" and a page or count sent empty takes its default;
 * - an integer field takes only plain decimal digits (or a JSON number that is an exact integer);
 * - no text holds a NUL character;
 * - a body is a JSON object.
 *
 * It runs after the route's own guard (hooks added here come last), so a caller without the right
 * still gets 401 or 403 first.
 */
async function strictInput(app: FastifyInstance) {
  app.addHook("onRoute", (route: RouteOptions) => {
    const schema = route.schema as { querystring?: ObjectSchema; body?: ObjectSchema } | undefined;
    const query = propertiesOf(schema?.querystring);
    const body = propertiesOf(schema?.body);
    const hasBody = schema?.body !== undefined;
    if (!Object.keys(query).length && !hasBody) return;
    const check = async (request: FastifyRequest) => {
      const q = request.query as Record<string, unknown> | undefined;
      if (q) for (const [k, v] of Object.entries(q)) if (v === "") delete q[k];
      if (hasNul(q)) throw fail.bad("请求数据格式错误");
      checkIntegers(q, query);
      if (hasBody) checkBody(request.body, body);
    };
    const own = route.preValidation;
    route.preValidation = own ? [...(Array.isArray(own) ? own : [own]), check] : check;
  });
}

export default fp(strictInput, { name: "strict-input" });
