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
    // is checked (课程有效期不能小于当前时间, 1 §5); `{"graceMs": n}`: not earlier than n ms before
    // it (a live's start, a day: 2 §5). Text that is no real time is left to `pattern` and the
    // handler, which say 格式不正确.
    keyword: "notBeforeNow",
    type: "string",
    schemaType: ["boolean", "object"],
    errors: false,
    validate: (rule: boolean | { graceMs: number }, text: string) => {
      if (!rule) return true;
      const ms = parseDateTime(text);
      return ms === null || ms >= Date.now() - (rule === true ? 0 : rule.graceMs);
    },
  },
  {
    // `"laterThan": "begintime"`: a 'YYYY-MM-DD HH:mm:ss' time strictly after the time in the named
    // sibling field (结束时间要大于开始时间, 2 §5). With either time absent or unreadable there is
    // nothing to compare: `required` and the format rule speak instead.
    keyword: "laterThan",
    type: "string",
    schemaType: "string",
    errors: false,
    validate: (field: string, text: string, _parent?: unknown, cxt?: { parentData?: Record<string, unknown> }) => {
      const [from, to] = [siblingTime(cxt, field), parseDateTime(text)];
      return from === null || to === null || to > from;
    },
  },
  {
    // `"withinAfter": {"field": "begintime", "ms": 86401000}`: at most `ms` milliseconds after the
    // sibling field's time (直播时间不能超过一天, with its one second of tolerance, 2 §5).
    keyword: "withinAfter",
    type: "string",
    schemaType: "object",
    errors: false,
    validate: (rule: { field: string; ms: number }, text: string, _parent?: unknown, cxt?: { parentData?: Record<string, unknown> }) => {
      const [from, to] = [siblingTime(cxt, rule.field), parseDateTime(text)];
      return from === null || to === null || to - from <= rule.ms;
    },
  },
];

/** The time in a sibling field of the value being checked, or null when there is none to read. */
function siblingTime(cxt: { parentData?: Record<string, unknown> } | undefined, field: string): number | null {
  const value = cxt?.parentData?.[field];
  return typeof value === "string" ? parseDateTime(value) : null;
}

/** Adds the keywords to an ajv instance; also usable as an ajv plugin (Fastify's `ajv.plugins`). */
export function addSchemaKeywords<A extends { addKeyword(definition: KeywordDefinition): unknown }>(ajv: A): A {
  for (const definition of schemaKeywords) ajv.addKeyword(definition);
  return ajv;
}
