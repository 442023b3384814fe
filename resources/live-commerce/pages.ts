import type { ColumnDecl } from "../kernel/define";
import type { JsonListPageDecl } from "../kernel/json-list";
import { pickerPageSize } from "../kernel/paging";
import adTemplate from "../lives/ad-template";
import live from "../lives/live";
import { livePages } from "../lives/routes";
import productTemplate from "../lives/product-template";
import { shelfKeys } from "./calls";
import { adShelf, productShelf, type ShelfDecl } from "./shelf";

/** 2 §5: an import whose id clashes names both items, then says this. */
const importClash = "ID相同，请重新选择";
const clicks: ColumnDecl = { field: "clicks", title: "点击数", width: 90 };

/** What both pages share: the live in the address, the version, the clicks, the way back (2 §2). */
const shelfPage = (shelf: ShelfDecl) => ({
  noun: shelf.noun,
  access: shelfKeys,
  record: { param: "liveId", call: "liveid", missing: "缺少直播编号，请从直播列表进入" },
  read: shelf.read,
  save: shelf.save,
  listField: shelf.listField,
  bodyField: shelf.bodyField,
  versionField: "ver",
  counts: { answer: "clicks", field: clicks.field },
  itemId: "productid",
  label: "productname",
  duplicate: shelf.duplicate,
  // 2 §8, 3 §8: the ads' pages say the same words as the products'.
  failure: { create: "添加商品失败", update: "修改商品失败", remove: "删除商品失败" },
  back: { callback: "callback", course: { param: "courseId", to: `${livePages.liveCourse.route}?courseId={courseId}` }, otherwise: live.route },
});

/** Columns of a template's rows, read out of the item itself (`Product.productname` → `productname`). */
const itemColumns = (columns: readonly ColumnDecl[]): ColumnDecl[] => columns.map((c) => ({ ...c, field: c.field.split(".").slice(1).join(".") }));

/**
 * /sellProduct?liveId&courseId&callback and /adInfoByLive (2 §2, §5, §8; 3 §2.1; issue 20 item 8):
 * a live's products and ads, added, changed (saved only when changed), removed after a confirmation
 * and imported from the templates (/productTemplate, /adTemplate) with their forms and rules; each
 * row shows how often the room's viewers opened its card.
 */
export const sellProductPage: JsonListPageDecl = {
  ...shelfPage(productShelf),
  route: livePages.sellProduct.route,
  title: livePages.sellProduct.title,
  columns: [...itemColumns(productTemplate.columns), clicks],
  form: productShelf.itemSchema,
  transforms: productTemplate.transforms,
  import: { label: "从模板导入", list: productTemplate.api.list!, id: "Id", field: "Product", keepsId: "serverId", pageSize: pickerPageSize, clash: importClash },
};

export const adInfoByLivePage: JsonListPageDecl = {
  ...shelfPage(adShelf),
  route: livePages.adInfoByLive.route,
  title: livePages.adInfoByLive.title,
  columns: [...itemColumns(adTemplate.columns), clicks],
  form: adShelf.itemSchema,
  transforms: adTemplate.transforms,
  import: { label: "导入广告模板", list: adTemplate.api.list!, id: "Id", field: "Ad", keepsId: "serverId", pageSize: pickerPageSize, clash: importClash },
};

export const jsonListPages: readonly JsonListPageDecl[] = [sellProductPage, adInfoByLivePage];
