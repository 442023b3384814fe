import fs from "node:fs";
import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import Ajv, { type ErrorObject } from "ajv";
import localizeZh from "ajv-i18n/localize/zh";
import ajvErrors from "ajv-errors";
import { addSchemaKeywords } from "../../resources/kernel/schema-keywords";
import { schemaFilePaths, schemasDir } from "./schema-folder";

type JsonSchema = {
  $id?: string;
  title?: string;
  properties?: Record<string, JsonSchema>;
  allOf?: { $ref?: string }[];
  [k: string]: unknown;
};

/**
 * The server's ajv (Fastify's `ajv` option): ajv-errors needs allErrors; $data lets a form compare
 * two fields; "all" drops any property a schema does not declare before a handler sees it; an
 * open tuple (a fixed first item, then any number of others: the registration form's phone field)
 * is meant, so ajv's strictTuples warning is off, as RJSF's ajv has it on the client. The
 * schemas' own keywords (notBeforeNow) are the client validator's too; ajv-errors is typed
 * against the root ajv, not the copy inside Fastify's compiler.
 */
export const ajvOptions = {
  customOptions: { allErrors: true, $data: true, strictTuples: false, removeAdditional: "all" as const, coerceTypes: "array" as const, useDefaults: true, strictNumbers: true },
  plugins: [ajvErrors as never, addSchemaKeywords as never],
};

/** Every `*.schema.json` under a folder (its feature folders) by its `$id`, shared definitions (`*.def`) included. */
export function loadSchemas(dir: string): Map<string, JsonSchema> {
  return new Map(
    schemaFilePaths(dir)
      .map((file) => JSON.parse(fs.readFileSync(file, "utf8")) as JsonSchema)
      .map((s) => [s.$id as string, s]),
  );
}

/** Every `schemas/<feature>/*.schema.json` by its `$id`: the same files the forms use. */
export const schemaRegistry: Map<string, JsonSchema> = loadSchemas(schemasDir);

/** `{ $ref: "register#" }`, the way a route names its body or query schema. */
export const ref = (id: string) => {
  if (!schemaRegistry.has(id)) throw new Error(`unknown schema ${id}`);
  return { $ref: `${id}#` };
};

/** Field order of a schema, following `allOf` references: the order messages are chosen in. */
export function fieldsOf(schema: JsonSchema | undefined): { name: string; title?: string }[] {
  if (!schema) return [];
  const inherited = (schema.allOf ?? []).flatMap((part) => fieldsOf(schemaRegistry.get((part.$ref ?? "").replace(/#$/, ""))));
  const own = Object.entries(schema.properties ?? {}).map(([name, p]) => ({ name, title: p.title }));
  return [...inherited, ...own];
}

const originalOf = (e: ErrorObject): ErrorObject =>
  e.keyword === "errorMessage" ? ((e.params as { errors?: ErrorObject[] }).errors?.[0] ?? e) : e;

function fieldOf(e: ErrorObject): string {
  const original = originalOf(e);
  if (original.keyword === "required") return (original.params as { missingProperty: string }).missingProperty;
  return original.instancePath.split("/")[1] ?? "";
}

/**
 * With `allErrors` ajv reports every failure in its own evaluation order; the caller wants the
 * one the form would show first: the first failing field in the schema's order, and for that
 * field a missing value before a malformed one.
 */
export function validationMessage(request: FastifyRequest, err: FastifyError): { msg: string; field?: string } {
  const schemaRef = (request.routeOptions.schema as Record<string, { $ref?: string }> | undefined)?.[
    err.validationContext === "querystring" ? "querystring" : (err.validationContext ?? "body")
  ]?.$ref;
  return firstMessage((err.validation ?? []) as ErrorObject[], (schemaRef ?? "").replace(/#$/, ""));
}

/** The message of `errors` a form over schema `id` shows first (see validationMessage). */
function firstMessage(errors: ErrorObject[], id: string): { msg: string; field?: string } {
  const fields = fieldsOf(schemaRegistry.get(id));
  const rank = (e: ErrorObject) => {
    const i = fields.findIndex((f) => f.name === fieldOf(e));
    return i === -1 ? fields.length : i;
  };
  // Our schemas say "required" twice: `required` for an absent field, `minLength: 1` for an empty one.
  const isMissing = (e: ErrorObject) => ["required", "minLength"].includes(originalOf(e).keyword);
  const sorted = [...errors].sort((a, b) => rank(a) - rank(b) || Number(isMissing(b)) - Number(isMissing(a)));
  const first = sorted[0];
  if (!first) return { msg: "请求参数错误" };
  const field = fieldOf(first) || undefined;
  if (first.keyword === "errorMessage") return { msg: first.message ?? "请求参数错误", field };
  // Anything the schema has no words for falls back to ajv-i18n's Chinese, named by the field's title.
  const copy = [{ ...first }];
  localizeZh(copy);
  const title = fields.find((f) => f.name === field)?.title ?? field ?? "";
  return { msg: `${title}${copy[0].message ?? "格式错误"}`, field };
}

let checker: Ajv | null = null;

/**
 * Checks a value a handler read out of a request, such as the JSON text of a live's config
 * (2 §3), against a registered schema, with the forms' keywords and messages: the message a form
 * would show first, or null when the value passes. Nothing is coerced, defaulted or dropped.
 */
export function checkAgainst(id: string, value: unknown): { msg: string; field?: string } | null {
  if (!schemaRegistry.has(id)) throw new Error(`unknown schema ${id}`);
  if (!checker) {
    checker = addSchemaKeywords(new Ajv({ allErrors: true, $data: true, strictNumbers: true, strict: false }));
    ajvErrors(checker);
    for (const schema of schemaRegistry.values()) checker.addSchema(schema);
  }
  const validate = checker.getSchema(id)!;
  return validate(value) ? null : firstMessage(validate.errors ?? [], id);
}

/**
 * Registers every schema with the app's ajv by `$id`, so a route's `{ $ref: "teacher.create#" }`
 * and the `$ref`s inside the files (`"phone.def#"`) resolve. `dir` swaps the folder (a test's
 * edited copy); routes and the order messages are chosen in still come from schemas/.
 */
async function schemas(app: FastifyInstance, opts: { dir?: string }) {
  for (const schema of (opts.dir ? loadSchemas(opts.dir) : schemaRegistry).values()) app.addSchema(schema);
}

export default fp(schemas, { name: "schemas" });
