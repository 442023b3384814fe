/**
 * A resource's table, declared as plain data beside the resource: the server engine
 * (server/engine/register.ts) registers the resource's calls from it, and the client reads the
 * wire names and JSON text columns to show the rows.
 *
 * Every engine table has `id` (generated), `org_id` (set by the organisation-scoped accessor, never
 * by a caller) and whatever columns are declared here.
 */

/** Where a column's value comes from when a record is written. */
export type ColumnSource =
  /** One field of the create/edit form, as validated (`{ form: "msg" }`). */
  | { form: string }
  /** JSON text of these form fields, in this order: `Product` of a product template. */
  | { json: readonly string[] }
  /** The acting admin's name, written at creation (CreateUser). */
  | "actor"
  /** Epoch milliseconds of the creation / of every write. */
  | "created"
  | "updated";

export interface TableColumn {
  column: string;
  /** The name the record carries on the wire; absent: kept for search or uniqueness only. */
  wire?: string;
  from?: ColumnSource;
  /** Stored as epoch ms, answered as 'YYYY-MM-DD HH:mm:ss' (server time); a form field writes it in the same text. */
  datetime?: boolean;
}

/** A list filter: a query parameter of the list call and how it narrows the rows. */
export interface TableFilter {
  param: string;
  column: string;
  /** eq: the value itself; like: contains the trimmed text; from/to: a 'YYYY-MM-DD[ HH:mm:ss]' bound on a datetime column. */
  op: "eq" | "like" | "from" | "to";
}

export interface TableDecl {
  /** SQL table, created by the resource's migration. */
  name: string;
  /** In answer order; `id` is always answered as the resource's `id` field. */
  columns: readonly TableColumn[];
  /** A trimmed, non-empty `param` finds rows whose columns contain it; an empty one lists all (2 §5). */
  search?: { param: string; columns: readonly string[] };
  filters?: readonly TableFilter[];
  /** `$id` of the list call's query schema; `list.query` (page, count, key) by default. */
  query?: string;
  /** Default order, first key first; `id` breaks ties. */
  order: readonly { column: string; desc?: boolean }[];
  /**
   * Values unique within an organisation, held by a unique index of the migration (so parallel
   * writes cannot both pass); a clash answers `message`, naming `field` of the form.
   */
  unique?: readonly { columns: readonly string[]; message: string; field?: string }[];
  /**
   * Remove voids the row (`column` = 1) instead of deleting it, one way; lists skip voided rows and
   * the console says 作废 instead of 删除. With `wire`, each record carries that field: 1 while
   * active, 0 once voided (the spec's Status).
   */
  softDelete?: { column: string; wire?: string };
  /** Rules a schema cannot state, by name: server/hooks/index.ts. */
  hooks?: string;
  /**
   * Form fields the hooks take without a column of this table storing them (a password hashed into
   * another table): every other field of the create and edit forms must be stored by a column's
   * `from` (tests/kernel/server/form-columns.test.ts), so a field nothing keeps fails a test by name.
   */
  consumes?: readonly string[];
  /** Writes are not audited (the audit log itself). */
  unaudited?: boolean;
}
