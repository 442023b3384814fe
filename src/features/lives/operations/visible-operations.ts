import type { LiveOperationDecl } from "../../../../resources/lives/live";
import type { LiveRecord } from "../../../../resources/lives/live-api";

/**
 * Whether an operation of resources/lives/live.ts shows on a live's row (2 §2): not for small classes
 * where it says so, only with its extended permission, only for the course types it names, never
 * for a sub-class when it is a main classroom's. The row is active: a voided one shows none.
 */
export function isShown(operation: LiveOperationDecl, live: LiveRecord, held: ReadonlySet<string>): boolean {
  if (operation.notForLiveTypes?.includes(live.LiveType)) return false;
  if (operation.permission && !held.has(operation.permission)) return false;
  if (operation.courseTypes && !operation.courseTypes.includes(live.CourseType)) return false;
  if (operation.mainOnly && live.MasterId !== 0) return false;
  return true;
}
