import type { Access } from "./call";
import type { Endpoint } from "./endpoint";
import type { SingleTableDecl } from "./table";

/**
 * An organisation's settings record, declared as data: the server engine registers its read and
 * its save from the `table` block (server/engine/table-single.ts), guards each with its declared
 * access, validates the save's body with `form` and the merged record with the table's schema, and
 * logs every change as `name`, record 0. Its screen is a `kind: "single"` form page over the same
 * two calls (resources/kernel/form-page.ts).
 */
export interface SingleDecl {
  /** What the audit log calls it. */
  name: string;
  /** The log's 资源 label. */
  title: string;
  api: { get: Endpoint; update: Endpoint };
  /** Reading may be wider than saving (the live form reads the live defaults it cannot change). */
  access: { read: Access; write: Access };
  /** `$id` of the save's body schema. */
  form: string;
  /** The save's msg. */
  saved: string;
  table: SingleTableDecl;
}

export const defineSingle = <T extends SingleDecl>(decl: T): T => decl;
