import { parseDateTime } from "./local-time";

/**
 * The checks behind the schemas' own keywords (resources/kernel/schema-keywords.ts), as plain functions
 * of the keyword's value, the value checked and the object holding it. Kept apart from the keyword
 * definitions so the console's validators, compiled at build time, import these few lines and not
 * ajv (scripts/lib/form-validators.ts).
 */
type Parent = Record<string, unknown> | undefined;

/** The time in a sibling field of the value being checked, or null when there is none to read. */
function siblingTime(parent: Parent, field: string): number | null {
  const value = parent?.[field];
  return typeof value === "string" ? parseDateTime(value) : null;
}

/**
 * `"notBeforeNow": true`: a 'YYYY-MM-DD HH:mm:ss' local time not earlier than the moment it is
 * checked (课程有效期不能小于当前时间, 1 §5); `{"graceMs": n}`: not earlier than n ms before it (a
 * live's start, a day: 2 §5). Text that is no real time is left to `pattern` and the handler, which
 * say 格式不正确.
 */
export function notBeforeNow(rule: boolean | { graceMs: number }, text: string): boolean {
  if (!rule) return true;
  const ms = parseDateTime(text);
  return ms === null || ms >= Date.now() - (rule === true ? 0 : rule.graceMs);
}

/**
 * `"laterThan": "begintime"`: a 'YYYY-MM-DD HH:mm:ss' time strictly after the time in the named
 * sibling field (结束时间要大于开始时间, 2 §5). With either time absent or unreadable there is
 * nothing to compare: `required` and the format rule speak instead.
 */
export function laterThan(field: string, text: string, parent: Parent): boolean {
  const [from, to] = [siblingTime(parent, field), parseDateTime(text)];
  return from === null || to === null || to > from;
}

/**
 * `"withinAfter": {"field": "begintime", "ms": 86401000}`: at most `ms` milliseconds after the
 * sibling field's time (直播时间不能超过一天, with its one second of tolerance, 2 §5).
 */
export function withinAfter(rule: { field: string; ms: number }, text: string, parent: Parent): boolean {
  const [from, to] = [siblingTime(parent, rule.field), parseDateTime(text)];
  return from === null || to === null || to - from <= rule.ms;
}
