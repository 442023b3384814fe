import type { ColumnDecl } from "./define";
import type { Endpoint } from "./endpoint";
import type { ListShape } from "./paging";

/** A column of a call's rows: a declared format (resources/kernel/define.ts), or a cell an area registered by name. */
export interface CallColumnDecl extends ColumnDecl {
  /** A named cell (src/engine/registry.tsx `cells`): the room's entry button and countdown, say. */
  cell?: string;
  /** Shown as written, its line breaks kept (an admin's message). */
  keepLines?: boolean;
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
  paging?: Required<Omit<ListShape, "rows">>;
  /**
   * Paged by a cursor (a group's messages, newest first): the query parameter sending it and where
   * the answer's next one is (null or absent when no page is left); 加载更多 appends the next page.
   */
  cursor?: { param: string; next: string };
  /** Of the screen's parameters, those this call sends (the rest only reach the named parts). */
  sends: readonly string[];
  rowKey: string;
  columns: readonly CallColumnDecl[];
  /** What the table says with no rows. */
  empty: string;
  /** What it says when the call fails (beside 重试); by default 列表加载失败. */
  listFailure?: string;
  /** False: the rows without the table's header (a card's title names them). */
  header?: false;
  /** Named row actions (src/engine/registry.tsx `rowActions`), in an 操作 column. */
  actions?: readonly string[];
  /** Named toolbar parts above the table (`listParts`). */
  toolbar?: readonly string[];
  /** 刷新 above the rows: reads the shown page again. */
  refresh?: true;
  /** Rows can be chosen (a checkbox each); the toolbar parts and row actions get the chosen keys (`selection`). */
  select?: true;
  /** An expanded row lists another call, its parameters filled from the row's fields (`{class_id}`). */
  expand?: { list: CallListDecl; params: Readonly<Record<string, string>> };
  /**
   * 导出 above the rows, with row selection: the rows selected, or with none every row the call
   * answers (read `pageSize` a call, at most `max`), written to xlsx in the sheet worker as the
   * table shows them (its chosen columns only); the file is `file` and the day. `after` names the
   * parameter by which the call reads the rows after a row (its `rowKey`): the export then pages
   * by it rather than by page number (keyset paging: a deep page costs what the first does).
   */
  export?: { sheet: string; file: string; pageSize: number; max: number; after?: string };
  /** 列设置 above the rows: a popover choosing which columns show (at least one stays). */
  chooseColumns?: boolean;
  /** Whole numbers the person sets above the rows, sent as `param` (the attendance report's share of the live). */
  inputs?: readonly CallInputDecl[];
}

/** A number sent with a list's call, set above its rows (1 to `max`, `initial` at first). */
export interface CallInputDecl {
  param: string;
  label: string;
  min: number;
  max: number;
  initial: number;
  /** After the number (%, 人). */
  unit?: string;
}

/**
 * A screen of a call's rows: its route and title, the parameters every call of it carries (from
 * the address, a token, the tab chosen), and its list. A tab's `refreshMs` reads its rows again
 * that often while it is shown (2 §9: the chat manager's unreviewed tab every 10 s).
 */
export interface CallScreenDecl {
  route: string;
  title: string;
  /** The admin permission the page needs (1 §3); a portal screen has none. */
  menuKey?: string | readonly string[];
  /** Query parameter → the address's parameter it is read from, a positive whole number; without it the page says `missing`. */
  fromAddress?: Readonly<Record<string, { param: string; missing: string }>>;
  /** A token for `tool` from `call` (`{tool}` → `{token}`), sent as `token`; asked again on each entry. */
  token?: { call: Endpoint; tool: string };
  /** Tabs over the list, each a value of `param` (and its own `list` where its rows differ), the one chosen kept in the address as `tab`; a tab's `refreshMs` reads its rows again while it is shown. */
  tabs?: { param: string; items: readonly { key: string; label: string; value: number | string; empty: string; refreshMs?: number; list?: CallListDecl }[] };
  list: CallListDecl;
  /**
   * Master–detail: the list's chosen row, kept in the address as `param` (its `rowKey`), is
   * highlighted and its own list drawn beside it (below it on a phone), its parameters filled from
   * the row's fields (`{id}`). The list's card is titled `title`, the detail's card `name` filled
   * from the row; `choose` is what the detail says before a row is chosen.
   */
  detail?: { param: string; title: string; name: string; choose: string; list: CallListDecl; params: Readonly<Record<string, string>> };
}
