import { _, type CodeKeywordDefinition, type JSONType, type KeywordCxt } from "ajv";
import * as checks from "./schema-keyword-checks";

/**
 * Where a standalone validator imports the checks from: the console's validators are compiled at
 * build time (scripts/lib/form-validators.ts), so the page runs no `new Function` and its CSP needs
 * no 'unsafe-eval'; the build turns this root-relative path into the file's own.
 */
export const keywordChecksModule = "/resources/kernel/schema-keyword-checks.ts";

type Check = keyof typeof checks;

/**
 * Keywords the schemas use beyond draft-07, each a call of its check (schema-keyword-checks.ts).
 * They generate code rather than hand ajv a `validate` function: ajv can write a compiled schema
 * out as a module only when every function it calls has an import to name. The server's ajv
 * (server/plugins/schemas.ts) adds the same definitions, so a rule that needs the clock is still
 * written once, in the schema, with its message in the schema's `errorMessage` under the
 * keyword's name. A failing check reports ajv's plain keyword error, which that message replaces.
 */
const keyword = (name: Check, schemaType: JSONType | JSONType[]): CodeKeywordDefinition => ({
  keyword: name,
  type: "string",
  schemaType,
  code(cxt: KeywordCxt) {
    const check = cxt.gen.scopeValue("func", { ref: checks[name], code: _`require(${keywordChecksModule})[${name}]` });
    cxt.fail(_`!${check}(${cxt.schemaValue}, ${cxt.data}, ${cxt.it.parentData})`);
  },
});

export const schemaKeywords: CodeKeywordDefinition[] = [
  keyword("notBeforeNow", ["boolean", "object"]),
  keyword("laterThan", "string"),
  keyword("withinAfter", "object"),
];

/** Adds the keywords to an ajv instance; also usable as an ajv plugin (Fastify's `ajv.plugins`). */
export function addSchemaKeywords<A extends { addKeyword(definition: CodeKeywordDefinition): unknown }>(ajv: A): A {
  for (const definition of schemaKeywords) ajv.addKeyword(definition);
  return ajv;
}
