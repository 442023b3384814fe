import type { KeywordDefinition } from "ajv";
import { liveLimits } from "./live-api";
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
  {
    // `"laterThan": {"$data": "1/begintime"}`: a time after another field's (结束时间要大于开始时间,
    // 2 §5). Either side missing or no real time passes: their own rules say so.
    keyword: "laterThan",
    type: "string",
    $data: true,
    errors: false,
    validate: (other: unknown, text: string) => {
      const [from, to] = [typeof other === "string" ? parseDateTime(other) : null, parseDateTime(text)];
      return from === null || to === null || to > from;
    },
  },
  {
    // `"withinOneDayOf": {"$data": "1/begintime"}`: at most a day (and one second) after another
    // field's time (直播时间不能超过一天, 2 §5).
    keyword: "withinOneDayOf",
    type: "string",
    $data: true,
    errors: false,
    validate: (other: unknown, text: string) => {
      const [from, to] = [typeof other === "string" ? parseDateTime(other) : null, parseDateTime(text)];
      return from === null || to === null || to - from <= liveLimits.maxSpanMs;
    },
  },
];

/** Adds the keywords to an ajv instance; also usable as an ajv plugin (Fastify's `ajv.plugins`). */
export function addSchemaKeywords<A extends { addKeyword(definition: KeywordDefinition): unknown }>(ajv: A): A {
  for (const definition of schemaKeywords) ajv.addKeyword(definition);
  return ajv;
}
