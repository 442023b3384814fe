import type { Endpoint } from "./endpoint";
import type { ListShape } from "./paging";
import type { SidebarGroupKey } from "./menu";
import type { TableDecl } from "./table";
import type { ListPageDecl, NestedListDecl } from "./list-pages";
import type { RowActionDecl } from "./row-actions";

/** How a column shows its value; the engine knows each format, a resource only names it. */
/** `diff`: a logged write's `{before, after}` JSON text, each changed field as before → after (resources/platform/audit-log.ts). */
/** `tags`: a JSON text list shown as tags (`tags` below); `range`: two times, this field's and `to`'s. */
/** `duration`: whole seconds as 1小时50分36秒, or 0秒 (1 §2.4: actual class time). */
/** `yuan`: an amount in yuan, shown with ¥ and 2 decimals (3 §9). */
export type ColumnFormat = "text" | "datetime" | "date" | "mobile" | "image" | "enum" | "diff" | "tags" | "range" | "duration" | "bytes" | "yuan";

export interface ColumnDecl {
  /** A record field; `Product.productname` reads `productname` of the JSON text in `Product`. */
  field: string;
  title: string;
  format?: ColumnFormat;
  /** For `enum`: value → label. */
  options?: Readonly<Record<string, string>>;
  /** A unit after the value, by another field's value (a consumption's 人, GB or 分钟 by its type). */
  unitBy?: { field: string; units: Readonly<Record<string, string>> };
  /** For `enum`: what a value outside `options` reads (1 §3: any play type but 1 is a replay); by default the value itself. */
  otherwise?: string;
  /** For `enum`: value → antd tag colour; the label then shows as a tag of that colour. */
  colors?: Readonly<Record<string, string>>;
  /**
   * A row whose `field` holds one of `values` shows `text` in this cell instead of its value
   * (1 §2.4: a live not yet held was listened to in no way and for no time).
   */
  instead?: { field: string; values: readonly number[]; text: string };
  width?: number;
  /** For times: a value before `time` (or none) reads `text` instead (1 §9: 暂无直播 before 2018). */
  earliest?: { time: string; text: string };
  /** The cell links to this route, its `{Field}` placeholders filled from the row (2 §2: a live's course → its lives). */
  link?: string;
  /** For `range`: the field that ends the range (`BeginTime` ~ `EndTime`), shown in the same format as times. */
  to?: string;
  /** For `range`: an end on the begin's day shows only its time (2026-12-19 10:00:00 ~ 11:00:00). */
  sameDayShort?: boolean;
  /** Kept on one line (times that would otherwise break at the space). */
  nowrap?: boolean;
  /**
   * For `tags`: the item field each tag shows, how many are shown (the rest as +n), and a route
   * each tag links to with the item's `{field}` placeholders (2 §2: a teacher's tag opens its detail).
   */
  tags?: { label: string; max?: number; link?: string };
  /** An expanded field left out while its value is empty (2 §2: the encrypted room id, when present). */
  hideEmpty?: boolean;
  /** One line, cut with … and the whole text in a tooltip (a live's name: three lines at 1280 px otherwise). */
  ellipsis?: boolean;
}

/**
 * A filter above a list (1 §2.5). Its values are the list call's query parameters, under the
 * same names, and stay in the page's URL like the page number.
 */
export type FilterDecl =
  | { kind: "text"; param: string; label: string; placeholder?: string; maxLength?: number }
  /** `placeholder`: what the unpicked choice means when it is not 全部 (the monitor's window: its default, 前后4小时). */
  | { kind: "enum"; param: string; label: string; options: Readonly<Record<string, string>>; placeholder?: string }
  /**
   * Two dates, 'YYYY-MM-DD', sent as the first and last day of the range; with `wholeDays` sent as
   * moments, the first day's 00:00:00 and the last day's 23:59:59 (1 §7: a detail page's lives).
   */
  | { kind: "dateRange"; params: [string, string]; label: string; wholeDays?: boolean; lastDays?: number }
  /**
   * Two moments, 'YYYY-MM-DD HH:mm:ss', picked to the second (2 §2: a live's time). A range filter
   * with `lastDays` is never empty: unpicked, it is the last that many days, today's included
   * (3 §4: cost records start at the last 7 days, and their call needs a range).
   */
  | { kind: "dateTimeRange"; params: [string, string]; label: string; lastDays?: number }
  /**
   * One of the records another call lists (2 §2: the main teacher, from the teacher list): `value`
   * is sent, `label` shown; the call is asked for `count` records (at most a page of the server's),
   * and, where there is a `search` call, again with what the person types as `key`.
   */
  | { kind: "lookup"; param: string; label: string; source: { endpoint: Endpoint; search?: Endpoint; value: string; label: string; count: number } };

/**
 * The engine's own row actions, or the name of a bespoke one the page supplies (the list throws
 * on a name nobody supplies). Actions show in the order given.
 */
export type RowAction = "show" | "edit" | "delete" | (string & {});

/** Calls whose refusal may show the server's msg as an error toast (1 §8). */
export type FailureToasts = Partial<Record<"create" | "update" | "remove", boolean>>;

/** How the engine tidies a form field before sending it (2 §5); each kind is implemented once (src/engine/transforms.ts). */
export type FieldTransform =
  /** https:// in front unless the value starts with http://, https:// or {host} (detail and jump URLs). */
  | "httpsPrefix"
  /** Line breaks removed (a product's description). */
  | "singleLine"
  /** Left empty, it becomes the moment of adding, epoch milliseconds as text (a product's id). */
  | "timestampIfEmpty";

/**
 * One entity, declared as plain data: the client engine derives its list, forms, menu entry
 * and detail link; the server derives its routes, validation and permission key; Storybook
 * and the tests read it too.
 */
export interface ResourceDecl {
  name: string;
  /** What one record is called in messages: 确定删除老师「张三」吗？ */
  noun: string;
  title: string;
  route: string;
  /**
   * The menu key is also the permission key a sub-admin must hold. `alsoFor`: the menu keys of
   * pages that lead into this resource's calls (/courseop's 直播管理 opens a course's lives), whose
   * holders the server admits to those calls too; which calls is the server's to say.
   */
  menu: { group: SidebarGroupKey; key: string; alsoFor?: string[] };
  /** `get`: one record by `id` (get-one), where declared. */
  api: Partial<Record<"list" | "search" | "get" | "create" | "update" | "remove", Endpoint>>;
  id: string;
  /** Field that names a record in confirmations. */
  label: string;
  columns: ColumnDecl[];
  search?: { param: string; placeholder: string };
  /**
   * Parameters every list call of the resource carries, whatever is filtered (the recorded courses
   * are the course search with type 200, 3 §7.4); a list with them uses the `search` call.
   */
  fixed?: Readonly<Record<string, string | number>>;
  /** Filters above the list, in order; filtered lists use the `search` call when there is one. */
  filters?: FilterDecl[];
  /** Fields a row shows when expanded, in order (label beside value, two a line). */
  expand?: ColumnDecl[];
  actions: RowAction[];
  /**
   * A row whose `field` is not `active` is voided: its actions give way to `text` in red (2 §2:
   * 已作废). Voiding is the resource's own bespoke action; the list only shows its result.
   */
  voided?: { field: string; active: number; text: string };
  /** Row actions that go to another screen, by name: the button's label and the route it fills from the row. */
  links?: Record<string, { label: string; to: string }>;
  /** The actions column's width when the default (by the number of actions) does not fit them. */
  actionsWidth?: number;
  /** By default a refused add or change shows the server's msg and a refused deletion says nothing (1 §8). */
  failureToasts?: FailureToasts;
  /**
   * The words of a refused add, change or removal when the spec gives them (2 §8: 添加商品失败);
   * the server answers them for a record that is gone, the client shows them, then reloads the list.
   */
  failureMessages?: Partial<Record<"create" | "update" | "remove", string>>;
  /** Form field → how it is tidied before sending, in order (2 §5: URLs get https://, descriptions lose line breaks). */
  transforms?: Record<string, readonly FieldTransform[]>;
  /**
   * The form's values travel as JSON text in this one body field (2 §7, 3 §7.4: add `{product}`,
   * modify `{product, id}`): the client packs the validated fields, the server opens the text and
   * validates what it holds with the same form schema; text that is not a JSON object is refused
   * with `invalid`.
   */
  wireJson?: { field: string; invalid: string };
  /** 修改 with nothing changed closes the dialog without a call (2 §5: modify product saves only if changed). */
  editOnlyChanges?: boolean;
  /** What an unfiltered empty list says when not 还没有{noun} (暂无直播记录). */
  emptyText?: string;
  /** The add button's label when not 添加 (创建课程). */
  addLabel?: string;
  /**
   * Schema `$id`s of the create and edit forms, `<name>.create` and `<name>.edit`
   * (schemas/<feature>/<id>.schema.json, presented by its <id>.ui.json when there is one).
   */
  forms: { create?: string; edit?: string };
  /**
   * Form field → record field, how an edit form is filled from a row (`{ name: "Name" }`).
   * Without it a form field takes the record field of the same name, ignoring case.
   */
  formFields?: Record<string, string>;
  /** Form field → value → label: the choices of an enum field, from a declared enum rather than `ui:enumNames`. */
  formLabels?: Record<string, Readonly<Record<string, string>>>;
  /** The titles of the detail page (`show`) and the full-page forms (`createRoute`, `editRoute`), where there are. */
  pageTitles?: { show?: string; create?: string; edit?: string };
  /** A full-page create form at this route; the list's 添加 goes there instead of opening a dialog. */
  createRoute?: string;
  /** With `createRoute`: the list also offers the create form as a dialog, 快速添加 beside 添加 (1 §2.4 /adminop). */
  quickCreate?: boolean;
  /**
   * A full-page edit form at this address, `{Field}` placeholders filled from the row
   * (`/changeFzLive?liveId={Id}`); the list's 修改 goes there instead of opening a dialog. The
   * page reads the record through the `get` call, by the query parameter that carries `{<id>}`.
   */
  editRoute?: string;
  /** Bespoke parts in the list's toolbar beside 添加, by name (src/engine/list-parts.tsx), e.g. "studentImport". */
  toolbar?: string[];
  /** Detail route with `{Field}` placeholders. */
  show?: string;
  /**
   * Its list is part of the page at `route` (a dialog of the account overview's), not a page of its
   * own: no route is declared for it and the engine draws no list there.
   */
  inPage?: boolean;
  /** Only the main admin may use it, whatever a sub-admin was granted. */
  mainAdminOnly?: boolean;
  /**
   * Menu keys whose holders may also read the records (the list, search and get-one calls), for a
   * page of another menu that picks from them: the live form's teacher picker under liveop (2 §6:
   * teacher and assistant lists are user pickers). Writes stay with the resource's own key.
   */
  readableWith?: readonly string[];
  /** What the rows are counted in under the table (共 7 人); 条 by default. */
  unit?: string;
  /** What an empty list says, when not the engine's words from `noun` (a picker's 还没有添加学员). */
  emptyTexts?: { none: string; searched: string };
  /** 导出 above the rows: every row the filters select to an xlsx sheet, each column as the table shows it. */
  export?: { sheet: string; file: string };
  /** A page size a filter's value forces, the size changer hidden meanwhile (3 §4: type 合计 shows 100 a page). */
  pageSizeWhen?: { param: string; value: string; size: number };
  /** A way back in the card's corner while the address carries `param` (3 §2.3: v2 opened with a type). */
  backWhen?: { param: string; label: string; to: string };
  /** The list's page sizes, the first the default, when not the usual ones (resources/kernel/paging.ts). */
  pageSizes?: readonly number[];
  /** The resource's table: with it the server engine registers the declared calls (resources/kernel/table.ts). */
  table?: TableDecl;
  /** Row actions as data, drawn before `actions`: which rows show each, what it asks, what it does (resources/kernel/row-actions.ts). */
  rowActions?: readonly RowActionDecl[];
  /** A list in an expanded row, of rows the expanded one fixes (resources/kernel/list-pages.ts). */
  nested?: NestedListDecl;
  /** Other list screens of the resource, each at its route with rows fixed by its address. */
  listPages?: readonly ListPageDecl[];
  /** What a list that cannot load says, when not 列表加载失败 (子班级加载失败). */
  listFailure?: string;
  /** How the list call pages and answers, when not the cms way (resources/kernel/paging.ts). */
  listShape?: ListShape;
  /** The rows are read again every that many seconds while the list is shown (2 §9: the monitor and attendance, 10 s). */
  refreshSeconds?: number;
  /**
   * Figures of the list's answer shown above the rows, each a field of the answer's data beside the
   * rows (2 §3: a live's students total, online, share viewers), read again with them.
   */
  summary?: readonly { field: string; label: string }[];
}

export const defineResource = <T extends ResourceDecl>(decl: T): T => decl;
