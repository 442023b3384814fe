import { ep } from "../kernel/endpoint";
import { adFields } from "../lives/ad-template";
import { productFields } from "../lives/product-template";

/** What a live's list holds: its products or its ads (2 §3 product and ad). */
export type ShelfKind = "product" | "ad";
export const shelfKinds: readonly ShelfKind[] = ["product", "ad"];

/**
 * A live's products and its ads (2 §2 products, ads; §3; §5; §7; 3 §3, §7.4; issue 20 item 8): each
 * stored per live as the spec's JSON text, read whole with `{liveid}` and written whole with
 * `{liveid, <field>: JSON text}`. So that two people adding at once never lose one of the adds, the
 * read answers the list's version (`ver`) and a save that names the version it was made from is
 * refused when another save came between (`stale`); a save without `ver` replaces the list, as the
 * spec's call does. Each item is judged by its template's form schema (the same messages as the
 * template dialogs) and tidied by the same rules (server/hooks/product-fields.ts); an id used twice
 * in one list answers `duplicate`. Items keep `serverId`, the template they came from (2 §3).
 */
export interface ShelfDecl {
  kind: ShelfKind;
  noun: string;
  /** GET `{liveid}` → `{<listField>: JSON text, ver, clicks: {productid: n}}`. */
  read: ReturnType<typeof ep>;
  /** PATCH `{liveid, <bodyField>: JSON text, ver?}` → the same as the read. */
  save: ReturnType<typeof ep>;
  listField: string;
  bodyField: string;
  /** The fields an item keeps, in order (the template's, then serverId). */
  fields: readonly string[];
  /** `$id` of the schema each item must meet: its template's add form. */
  itemSchema: string;
  duplicate: string;
  invalid: string;
  tooMany: string;
  stale: string;
}

/** Items a live's list may hold: a shop window, not a catalogue (the JSON text stays a few tens of KB). */
export const shelfMaxItems = 100;
/** Characters of one list's JSON text a save may send: 100 items of at most ~1.6 KB of fields each. */
export const shelfMaxText = 200_000;

export const productShelf: ShelfDecl = {
  kind: "product",
  noun: "商品",
  read: ep("GET /cms/product"),
  save: ep("PATCH /cms/product"),
  listField: "productlist",
  bodyField: "product",
  fields: [...productFields, "serverId"],
  itemSchema: "product-template.create",
  duplicate: "商品Id重复，请重新输入",
  invalid: "商品列表格式不正确",
  tooMany: `每场直播最多${shelfMaxItems}个商品`,
  stale: "商品列表已被他人修改，请刷新后重试",
};

export const adShelf: ShelfDecl = {
  kind: "ad",
  noun: "广告",
  read: ep("GET /cms/ad"),
  save: ep("PATCH /cms/ad"),
  listField: "adlist",
  bodyField: "ad",
  fields: [...adFields, "serverId"],
  itemSchema: "ad-template.create",
  duplicate: "广告Id重复，请重新输入",
  invalid: "广告列表格式不正确",
  tooMany: `每场直播最多${shelfMaxItems}个广告`,
  stale: "广告列表已被他人修改，请刷新后重试",
};

export const shelves: Readonly<Record<ShelfKind, ShelfDecl>> = { product: productShelf, ad: adShelf };

/** The room's cards (issue 20 item 8): what its viewers see, what the teacher pins, what a click counts. */
export const roomShelfApi = {
  /** `?token=` → RoomShelf: the live's products and ads as cards, and the pinned one. */
  shelf: ep("GET /api/v1/room/shelf", "liveClass"),
  /** `{token, kind, productid}`: the teacher pins a card for everyone in the room (`productid` "" unpins). */
  pin: ep("POST /api/v1/room/pin", "liveClass"),
  /** `{token, kind, productid}`: a viewer opened a card's link; counted at most once per `clickWindowMs` a viewer and card. */
  click: ep("POST /api/v1/room/shelf-click", "liveClass"),
} as const;

export const shelfRoomLimits = {
  /** A viewer's clicks on one card within this long count once (a double click, a page reopened). */
  clickWindowMs: 5_000,
} as const;

export const shelfRoomMessages = {
  pinTeacherOnly: "只有老师可以置顶商品",
  notFound: "商品不存在或已删除",
  liveMissing: "直播不存在",
  pinned: "已置顶",
  unpinned: "已取消置顶",
} as const;
