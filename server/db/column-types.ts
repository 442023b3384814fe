import type { CheckState } from "../../resources/users/user-stats";
import type { CertificationState } from "../../resources/certification/certification";

/**
 * Text columns that hold one of a closed set of values. The frozen migrations declare no CHECK
 * for them, so the database cannot say it: the generator (server/db/table-types.ts) writes these
 * types in place of `string`, keeping the column's nullability and default from the database.
 */

/** admin = main admin; subadmin, teacher, assistant, student as named. */
export type Role = "admin" | "subadmin" | "teacher" | "assistant" | "student";
/** The staff of a live: its teachers and assistants. */
export type StaffRole = Extract<Role, "teacher" | "assistant">;
export type OrderStatus = "pending" | "paid" | "failed";
/** What a write did (server/engine/audit.ts); `view` is a secret read, logged like a write (a developer key). */
export type AuditAction = "create" | "update" | "remove" | "view";
/** Where a durable job is (server/engine/jobs.ts). */
export type JobState = "queued" | "running" | "done" | "failed" | "cancelled";
export type { CheckState, CertificationState };

/** `table.column` → the name of a type exported above. */
export const columnTypes: Readonly<Record<string, string>> = {
  "identities.role": "Role",
  "identity_counts.role": "Role",
  "live_staff.role": "StaffRole",
  "attendance.check_state": "CheckState",
  "audit_log.action": "AuditAction",
  "recharge_orders.status": "OrderStatus",
  "jobs.state": "JobState",
  "certifications.state": "CertificationState",
};
