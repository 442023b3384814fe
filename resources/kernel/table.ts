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
  /**
   * A single record's field that is a list or an object (a push config's groups): stored as its
   * JSON text, carried on the wire and checked by the schema as the value itself.
   */
  json?: boolean;
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

/**
 * A table holding one record per organisation (its settings: the live defaults of /liveSetting;
 * money and organisation settings next), keyed by `org_id` alone, in the spirit of Directus
 * singletons. The engine answers GET with the caller's organisation's record, the declared
 * defaults while it has stored none, and PATCH by merging the fields sent over the stored record
 * (a group, a field whose default is an object, merges field by field; anything else sent for a
 * group is ignored), keeping only the fields the defaults name, in their order, validating the
 * whole against `schema` and storing it in one transaction that holds the row against a parallel
 * save. Its own declaration kind (resources/kernel/single.ts) rather than a resource's `table`,
 * since it has no list, no ids and no screen of rows to declare.
 */
export interface SingleRecordMode {
  /** `$id` of the schema the merged record must satisfy; its messages answer a refusal. */
  schema: string;
  /** The record of an organisation that stored none; it names every field (and every group's fields). */
  defaults: Readonly<Record<string, unknown>>;
  /**
   * Stored as JSON text in `column` and carried on the wire as JSON text in the field `wire`,
   * both ways (`{config: "{…}"}`); text that is not a JSON object is refused with `invalid`. With
   * `column` alone, the record itself is the body and the answer, its groups as objects (a
   * setting of groups the spec gives no text form, such as the smart reminders' times). Without
   * `json`, each field of the record is the column of `columns` with that wire name.
   */
  json?: { column: string; wire: string; invalid: string } | { column: string; wire?: undefined };
  /** A number sent for a field is kept as its text: the spec's settings are all text ("30"). */
  numbersAsText?: boolean;
}

/** The `table` block of a single-record declaration. */
export interface SingleTableDecl {
  /** SQL table whose primary key is `org_id`, created by the feature's migration. */
  name: string;
  /** Without `single.json`: the record's fields, one column each. */
  columns?: readonly TableColumn[];
  /** A column of epoch milliseconds of the last save. */
  updated?: string;
  /** Rules a schema cannot state (an address's DNS), by name: server/hooks/index.ts `singleHooksNamed`. */
  hooks?: string;
  single: SingleRecordMode;
}
