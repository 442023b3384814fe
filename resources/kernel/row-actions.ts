import type { Endpoint } from "./endpoint";
import type { RouteDecl } from "./route";

/** A value a row's field is compared with: numbers and their text are the same value. */
export type RuleValue = string | number;

/** A rule over one field of a row: its value is one of `in`, or none of `notIn` (both when both are given). */
export interface RowRule {
  field: string;
  in?: readonly RuleValue[];
  notIn?: readonly RuleValue[];
}

/**
 * A row action declared as data (resources/kernel/define.ts `rowActions`): which rows show it, what it
 * asks first, and what it does, one of: open a route (`{Field}` from the row, `{back}` the list's
 * own address), make the removal call after its confirmation (`removes`), or open a bespoke part
 * registered by name (`part`, a dialog the area lends the engine). The list draws the `inline` ones
 * as links in the row and the rest in its 更多 menu, in the order declared.
 */
export interface RowActionDecl {
  name: string;
  label: string;
  inline?: boolean;
  /** Drawn in red (a removal). */
  danger?: boolean;
  /** Shown only for rows every rule holds for. */
  when?: readonly RowRule[];
  /** Shown only to an admin holding this extended permission (2 §6: audioDown, videoDown, docDown, liveUserData). */
  permission?: string;
  route?: string;
  /** Asked in a confirmation first: its words, and 确定 in red when `danger`. */
  confirm?: string;
  /** After the confirmation, the removal call: the declaration's own (`true`) or this one; `done` is its success. */
  removes?: true | Endpoint;
  done?: string;
  /** The registered bespoke part it opens (src/engine/registry.tsx `rowParts`). */
  part?: string;
}

const same = (values: readonly RuleValue[], value: unknown) => values.some((candidate) => String(candidate) === String(value));

/** Whether every rule holds for the row. */
export const rulesHold = (rules: readonly RowRule[] | undefined, row: Readonly<Record<string, unknown>>): boolean =>
  (rules ?? []).every((rule) => (!rule.in || same(rule.in, row[rule.field])) && (!rule.notIn || !same(rule.notIn, row[rule.field])));

/** Whether a declared action shows on a row, for an admin holding `held` extended permissions. */
export const rowActionShown = (action: RowActionDecl, row: Readonly<Record<string, unknown>>, held: ReadonlySet<string>): boolean =>
  rulesHold(action.when, row) && (!action.permission || held.has(action.permission));

/**
 * A row action that opens `page` with the row's values in its address (`query`, e.g.
 * `liveId={Id}`), named as that page is titled: the path and the title are written once, in the route.
 */
export function opening(page: RouteDecl, action: Omit<RowActionDecl, "label" | "route"> & { query: string }): RowActionDecl {
  const { query, ...rest } = action;
  return { ...rest, label: page.title, route: `${page.route}?${query}` };
}
