import type { ColumnDecl } from "./define";
import type { Endpoint } from "./endpoint";

/** A column of a call's rows: a declared format (resources/kernel/define.ts), or a cell an area registered by name. */
export interface CallColumnDecl extends ColumnDecl {
  /** A named cell (src/engine/registry.tsx `cells`): the room's entry button and countdown, say. */
  cell?: string;
}

/**
 * Rows one of the spec's odd calls answers (a live's bound exams, a person's courses), as plain
 * data: the engine draws them as its table, with named cells, row actions and toolbar parts.
 */
export interface CallListDecl {
  /** The GET call answering the rows. */
  call: Endpoint;
  /** Where the rows are in the answer's data (`classes`, `resultset`); absent: the data is the rows. */
  rows?: string;
  /** Paged: the query parameters of the page and its size, and where the answer's total is. Absent: one answer holds every row. */
  paging?: { page: string; size: string; total: string };
  /** Of the screen's parameters, those this call sends (the rest only reach the named parts). */
  sends: readonly string[];
  rowKey: string;
  columns: readonly CallColumnDecl[];
  /** What the table says with no rows. */
  empty: string;
  /** Named row actions (src/engine/registry.tsx `rowActions`), in an 操作 column. */
  actions?: readonly string[];
  /** Named toolbar parts above the table (`listParts`). */
  toolbar?: readonly string[];
  /** An expanded row lists another call, its parameters filled from the row's fields (`{class_id}`). */
  expand?: { list: CallListDecl; params: Readonly<Record<string, string>> };
}

/**
 * A screen of a call's rows: its route and title, the parameters every call of it carries (from
 * the address, a token, the tab chosen), and its list.
 */
export interface CallScreenDecl {
  route: string;
  title: string;
  /** The admin permission the page needs (1 §3); a portal screen has none. */
  menuKey?: string;
  /** Query parameter → the address's parameter it is read from, a positive whole number; without it the page says `missing`. */
  fromAddress?: Readonly<Record<string, { param: string; missing: string }>>;
  /** A token for `tool` from `call` (`{tool}` → `{token}`), sent as `token`; asked again on each entry. */
  token?: { call: Endpoint; tool: string };
  /** Tabs over the list, each a value of `param`, the one chosen kept in the address as `tab`. */
  tabs?: { param: string; items: readonly { key: string; label: string; value: number | string; empty: string }[] };
  list: CallListDecl;
}
