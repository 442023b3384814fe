import { defineResource } from "../kernel/define";
import { ep } from "../kernel/endpoint";
import { vodKeys } from "../vod/vod-course";
import { liveCourseKeys } from "./live-api";

/** The fields of a product, in the order its JSON text keeps them (2 §3). */
export const productFields = ["productid", "productname", "productdesc", "productprice", "productcount", "productdetailurl", "productimgurl"] as const;

/**
 * Product templates (2 §2 /productTemplate, §3, §5, §7, §8) on /cms/productmodel (3 §7.8).
 * A record is `{Id, Product}`, Product the JSON text of the fields above. The calls speak the spec's
 * wire shape (2 §7, 3 §7.4): add sends `{product}` and modify `{product, id}`, product the JSON text
 * of the form's fields (`wireJson`); the server opens it and validates its fields with the same form
 * schema as the client, then packs them into Product. The list searches by name with `key` (trimmed, empty
 * lists all). Rules of server/hooks/product-template.ts: productid defaults to the creation
 * timestamp, line breaks leave productdesc; a productid already used in the organisation is
 * refused with 商品Id重复，请重新输入 (a unique index, so parallel saves cannot both pass).
 * Client transforms (src/engine): https:// prepended to productdetailurl unless it starts with
 * http:// or {host}; the cover cropped to 480×320 (jpeg/png, at most 3 MB); modify saves only if changed.
 */
export default defineResource({
  name: "productTemplate",
  noun: "商品",
  title: "商品模板",
  route: "/productTemplate",
  menu: { group: "commerce", key: "productTemplate" },
  api: {
    list: ep("GET /cms/productmodel"),
    create: ep("POST /cms/productmodel"),
    update: ep("PATCH /cms/productmodel"),
    remove: ep("DELETE /cms/productmodel"),
  },
  id: "Id",
  label: "Product.productname",
  columns: [
    { field: "Product.productimgurl", title: "商品图片", format: "image", width: 96 },
    { field: "Product.productname", title: "商品标题" },
    { field: "Product.productid", title: "商品Id", width: 150 },
    { field: "Product.productprice", title: "价格", width: 100 },
    { field: "Product.productcount", title: "数量", width: 90 },
    { field: "Product.productdetailurl", title: "详情页地址" },
  ],
  search: { param: "key", placeholder: "请输入商品名称" },
  actions: ["edit", "delete"],
  failureMessages: { create: "添加商品失败", update: "修改商品失败", remove: "删除商品失败" },
  /** 2 §5: the tidying the form does before sending (the server accepts the result and checks it). */
  transforms: { productdetailurl: ["httpsPrefix"], productdesc: ["singleLine"], productid: ["timestampIfEmpty"] },
  editOnlyChanges: true,
  // A live's products and ads import from the templates (2 §2): whoever edits a live's lists reads them.
  readableWith: [...liveCourseKeys, ...vodKeys],
  wireJson: { field: "product", invalid: "商品信息格式不正确" },
  forms: { create: "product-template.create", edit: "product-template.edit" },
  formFields: {
    id: "Id",
    ...Object.fromEntries(productFields.map((f) => [f, `Product.${f}`])),
  },
  table: {
    name: "product_templates",
    columns: [
      { column: "id", wire: "Id" },
      { column: "product", wire: "Product", from: { json: productFields } },
      { column: "name", from: { form: "productname" } },
      { column: "product_key", from: { form: "productid" } },
      { column: "created_at", from: "created" },
      { column: "updated_at", from: "updated" },
    ],
    search: { param: "key", columns: ["name"] },
    order: [{ column: "updated_at", desc: true }],
    unique: [{ columns: ["product_key"], message: "商品Id重复，请重新输入", field: "productid" }],
    hooks: "product-template",
  },
});
