import type { ColumnDecl, FieldTransform } from "./define";
import type { Endpoint } from "./endpoint";

/**
 * A page of a list a record keeps as JSON text (2 §2 /sellProduct, /adInfoByLive: a live's products
 * and ads, `productlist` and `adlist`), drawn by src/engine/json-list-page.tsx: the list read by one
 * call, each add, change, removal and import applied to it and the whole list written back by
 * another call, which refuses a save made from an older reading (`version`), so nothing another
 * person saved meanwhile is lost: the page says `failure` and reads the list again.
 */
export interface JsonListPageDecl {
  route: string;
  title: string;
  /** What one item is called (确定删除商品「…」吗？). */
  noun: string;
  /** Menu keys any of which opens the page (checked once, as every admin page is). */
  access: readonly string[];
  /** The address parameter naming the record (a positive whole number), the call parameter it goes in, and what the page says without it. */
  record: { param: string; call: string; missing: string };
  read: Endpoint;
  save: Endpoint;
  /** Where the read's answer holds the list's JSON text, and the save's body field that carries it. */
  listField: string;
  bodyField: string;
  /** The answer's version of the list, sent back with the save. */
  versionField: string;
  /** The answer's counts by item id (clicks), shown as the column `counts.field`. */
  counts?: { answer: string; field: string };
  /** The field telling items apart (productid). */
  itemId: string;
  /** The field naming an item in confirmations and clashes. */
  label: string;
  columns: readonly ColumnDecl[];
  /** `$id` of the form adding and changing an item (its template's add form: the same rules and words). */
  form: string;
  transforms?: Record<string, readonly FieldTransform[]>;
  /** An id already in the list, refused under its field before any call. */
  duplicate: string;
  /** The spec's words for a failed add, change or removal (the list is read again after). */
  failure: { create: string; update: string; remove: string };
  /** 从模板导入: pick items of a template list; those already in the list show checked and disabled. */
  import?: {
    label: string;
    /** The templates' list call, paged `{page, count}` with `key` searching, answering rows with `id` and the item's JSON text in `field`. */
    list: Endpoint;
    id: string;
    field: string;
    /** The item field that keeps the template's id (serverId, 2 §3). */
    keepsId: string;
    pageSize: number;
    /** Two items with one id: both named, then these words (ID相同，请重新选择). */
    clash: string;
  };
  /**
   * Where 返回 goes: the address in `callback` when it is one of this console's (a path), else the
   * course's lives with `course`, else `otherwise`.
   */
  back: { callback: string; course: { param: string; to: string }; otherwise: string };
}
