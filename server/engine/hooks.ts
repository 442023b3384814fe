import type { ResourceDecl } from "../../resources/kernel/define";
import type { Config } from "../config";
import type { AuditAction } from "./audit";
import type { OrgScope } from "./org-scope";
import type { FormValues, StoredRow, WireRow } from "./table-rows";

/**
 * Rules a schema cannot state, beside a declaration (server/hooks/<entity>.ts, named by the
 * table declaration's `hooks`). A hook is handed the organisation-scoped accessor and nothing
 * else of the database; it refuses by throwing an ApiError (server/plugins/envelope.ts), whose
 * msg the caller gets. These are the engine's extension points, enough to host the person
 * families and courses (A2):
 *
 * - `prepare`: the form values before a create or update is written: defaults (a product id from
 *   the clock), normalising (line breaks out of a description), or a refusal (a type's maximum users).
 * - `beforeRemove`: refuse a removal (a course with lives), inside the removal's transaction.
 * - `afterWrite`: side effects in the write's transaction (enrolments, counts); `before`/`after` are stored rows.
 * - `mapRows`: the wire rows of a list or get-one, to add what a join supplies (a person's mobile).
 */
export interface HookContext {
  scope: OrgScope;
  resource: ResourceDecl;
}

export interface ResourceHooks {
  prepare?(values: FormValues, ctx: HookContext & { action: "create" | "update"; before?: FormValues }): void | Promise<void>;
  beforeRemove?(ctx: HookContext & { id: number; before: StoredRow }): Promise<void>;
  afterWrite?(ctx: HookContext & { action: AuditAction; id: number; before?: StoredRow; after?: StoredRow }): Promise<void>;
  mapRows?(rows: WireRow[], ctx: HookContext): Promise<WireRow[]>;
}

/**
 * Rules a schema cannot state beside a single-record declaration (resources/kernel/single.ts,
 * named by its table's `hooks`):
 *
 * - `check`: the fields sent, after the body's schema and before the save's transaction (it may
 *   wait on the network): refuse (throw an ApiError) or answer them reshaped.
 * - `saved`: told the record just stored (a cache of this process forgets the old one).
 */
export interface SingleHooks {
  check?(sent: Record<string, unknown>, ctx: SingleHookContext): Promise<Record<string, unknown>>;
  saved?(record: Record<string, unknown>, ctx: SingleHookContext): void;
}

/** A single-record hook's organisation scope, and the operator's settings (an address range allowed). */
export interface SingleHookContext {
  scope: OrgScope;
  config: Config;
}
