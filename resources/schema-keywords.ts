import type { KeywordDefinition } from "ajv";
import { parseDateTime } from "./local-time";

/**
 * Keywords the schemas use beyond draft-07. The client's validator (src/engine/validator.ts) and
 * the server's ajv (server/app.ts) both add them, so a rule that needs the clock is still written
 * once, in the schema, with its message in the schema's `errorMessage` under the keyword's name.
 */
export const schemaKeywords: KeywordDefinition[] = [
  {
    // `"notBeforeNow": true`: a 'YYYY-MM-DD HH:mm:ss' local time not earlier than the moment it
    // is checked (课程有效期不能小于当前时间, 1 §5). Text that is no real time is left to `pattern`
    // and the handler, which say 格式不正确.
    keyword: "notBeforeNow",
    type: "string",
    schemaType: "boolean",
    errors: false,
    validate: (on: boolean, text: string) => {
      if (!on) return true;
      const ms = parseDateTime(text);
      return ms === null || ms >= Date.now();
    },
  },
];

/** Adds the keywords to an ajv instance; also usable as an ajv plugin (Fastify's `ajv.plugins`). */
export function addSchemaKeywords<A extends { addKeyword(definition: KeywordDefinition): unknown }>(ajv: A): A {
  for (const definition of schemaKeywords) ajv.addKeyword(definition);
  return ajv;
}
