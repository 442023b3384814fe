import type { AuditAction } from "../db/column-types";
import type { OrgScope } from "./org-scope";

export type { AuditAction };

/** A record as the log compares it: wire field → value (JSON text columns flattened as `Product.productname`). */
export type AuditRecord = Record<string, unknown>;

export interface AuditEntry {
  /** The resource's name (`productTemplate`, `teacher`, …): the history call is asked by it. */
  resource: string;
  recordId: number;
  action: AuditAction;
  /** The record before the write; omitted on create. */
  before?: AuditRecord;
  /** The record after the write; omitted on remove. */
  after?: AuditRecord;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Only the fields that changed, each side holding its own value: `{before: {Msg: "a"}, after: {Msg: "b"}}`. */
export function auditDiff(before: AuditRecord = {}, after: AuditRecord = {}) {
  const diff = { before: {} as AuditRecord, after: {} as AuditRecord };
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[field], after[field])) continue;
    if (field in before) diff.before[field] = before[field];
    if (field in after) diff.after[field] = after[field];
  }
  return diff;
}

/**
 * Writes one audit row through `scope`, which must be the transaction of the write it records
 * (`scope.transaction(async (tx) => { …write…; await recordAudit(tx, …) })`): a write that fails
 * leaves no row, and a row is never missing for a write that landed. An update that changed
 * nothing is not logged. The actor is the scope's own, so no caller can write someone else's name.
 */
export async function recordAudit(scope: OrgScope, entry: AuditEntry): Promise<void> {
  const diff = auditDiff(entry.before, entry.after);
  if (entry.action === "update" && Object.keys(diff.after).length === 0 && Object.keys(diff.before).length === 0) return;
  await scope
    .insertInto("audit_log", {
      actor_id: scope.actor.id,
      actor_name: scope.actor.name,
      resource: entry.resource,
      record_id: entry.recordId,
      action: entry.action,
      diff: JSON.stringify(diff),
      created_at: Date.now(),
    })
    .execute();
}
