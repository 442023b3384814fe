import fastifySwagger, { type FastifyDynamicSwaggerOptions, type SwaggerTransformObject } from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { schemaKeywords } from "../../resources/kernel/schema-keywords";
import { SESSION_COOKIE } from "./session";

/**
 * The OpenAPI document at /api/docs/json (issue 16 item 4.4). The routes name the files of
 * schemas/ by `$id`, and those files are written for ajv: they refer to each other (`"page.def#"`),
 * word their messages in `errorMessage` and use keywords OpenAPI 3.0 does not have. Published as
 * they are, Redocly counted 1,049 errors and swagger-parser stopped at the first reference. Here
 * every file is a component named by its `$id`, every reference points at its component, and what
 * OpenAPI has no keyword for keeps its value under an `x-` name, so the document is whole and
 * valid while the server keeps validating with the files themselves.
 */

/** Keywords the server's ajv reads that an OpenAPI 3.0 schema may not carry: kept as `x-<keyword>`. */
const ajvOnly = new Set([
  "errorMessage",
  "$comment",
  "if",
  "then",
  "else",
  "additionalItems",
  "definitions",
  ...schemaKeywords.map((definition) => String(definition.keyword)),
]);

const components = "#/components/schemas/";

/** `page.def#`, `course.student-mobile#/properties/mobile` → the component and the pointer into it. */
function componentRef(ref: string, within: string | undefined): string {
  const [file, pointer = ""] = ref.split("#");
  // A file's own `#/definitions/…` now sits inside its component, under the name kept for it.
  const target = file || within;
  if (!target) return ref;
  return `${components}${target}${pointer.replace(/^\/definitions\//, "/x-definitions/")}`;
}

type Node = Record<string, unknown>;

const isData = (value: unknown) => !!value && typeof value === "object" && "$data" in value;

/** The value with every reference pointing at a component and every ajv-only keyword under `x-`. */
function publishable(value: unknown, within?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => publishable(item, within));
  if (!value || typeof value !== "object") return value;
  const out: Node = {};
  for (const [key, inner] of Object.entries(value as Node)) {
    if (key === "$ref" && typeof inner === "string" && !inner.startsWith(components)) out.$ref = componentRef(inner, within);
    // The values of `properties` are keyed by field name, not by keyword.
    else if (key === "properties") out[key] = Object.fromEntries(Object.entries(inner as Node).map(([name, schema]) => [name, publishable(schema, within)]));
    // A value ajv reads from the data (`"const": {"$data": "1/passwd"}`) means nothing to OpenAPI.
    else if (isData(inner)) out[`x-${key}`] = inner;
    // OpenAPI 3.0 has no `const`: a fixed value is an enum of one.
    else if (key === "const") out.enum = [inner];
    // Messages are words, kept as they are.
    else out[ajvOnly.has(key) ? `x-${key.replace(/^\$/, "")}` : key] = key === "errorMessage" ? inner : publishable(inner, within);
  }
  return out;
}

/** What every call answers (server/plugins/envelope.ts): its data's shape is the call's own. */
const envelope = {
  type: "object",
  required: ["code", "data", "msg"],
  properties: {
    code: { type: "integer", description: "0 when the call succeeded, else the status of the spec's catalogue" },
    data: { description: "The answer; on a refused field, `{field}` naming it" },
    msg: { type: "string", description: "What happened, in Chinese" },
    count: { type: "integer", description: "A list's total, beside one page of rows" },
  },
};

/** Each operation's answer, where the route declares none: the envelope. */
function withEnvelope(paths: Node): Node {
  return Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations as Record<string, Node>).map(([method, operation]) => {
          const responses = (operation.responses ?? {}) as Record<string, Node>;
          const answer = responses["200"]?.content ? responses["200"] : { description: "The envelope", content: { "application/json": { schema: { $ref: `${components}envelope` } } } };
          return [method, { ...operation, responses: { ...responses, 200: answer } }];
        }),
      ),
    ]),
  );
}

/** A document's schemas and operations made publishable, with the server, its session cookie and the envelope. */
function publishableDocument(document: Node): Node {
  const { components: parts, paths, ...rest } = document as { components: { schemas: Node } & Node; paths: Node } & Node;
  const schemas = Object.fromEntries(Object.entries(parts.schemas).map(([name, schema]) => [name, publishable(schema, name)]));
  return {
    ...rest,
    servers: [{ url: "/", description: "This server: every host kind of /config.json is served here" }],
    security: [{ session: [] }],
    components: {
      ...parts,
      schemas: { ...schemas, envelope },
      securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session a sign-in sets" } },
    },
    paths: withEnvelope(publishable(paths) as Node),
  };
}

/** @fastify/swagger's options: components named by `$id`, and the document made publishable. */
const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: { info: { title: "Lectern API", version: "0.1.0", description: "The cms contract Lectern answers." } },
  // Done in `publishable`, where a `const` inside `errorMessage` (a message's key) is left alone.
  convertConstToEnum: false,
  refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === "string" ? json.$id : `def-${i}`) },
  // This app registers `openapi` options, so the document is always an OpenAPI one, never Swagger 2.
  transformObject: (document) => publishableDocument((document as { openapiObject: Node }).openapiObject) as ReturnType<SwaggerTransformObject>,
};

/**
 * Collects every route registered after it and serves the document at /api/docs/json: the
 * framework's own route (tests/kernel/server/registration.test.ts lists it), hidden from the document.
 */
async function openApi(app: FastifyInstance) {
  await app.register(fastifySwagger, openApiOptions);
  // eslint-disable-next-line no-restricted-syntax -- the API document itself (census exception)
  app.get("/api/docs/json", { schema: { hide: true } }, async () => app.swagger());
}

export default fp(openApi, { name: "openapi" });
