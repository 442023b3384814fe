import { defineResource } from "../kernel/define";
import { ep } from "../kernel/endpoint";
import { vodKeys } from "../vod/vod-course";
import { liveCourseKeys } from "./live-api";

/** The fields of an ad, in the order its JSON text keeps them (3 §3; the client adds its own flags). */
export const adFields = ["productid", "productname", "productdesc", "productcount", "productdetailurl", "productimgurl"] as const;

/**
 * Ad templates (2 §2 /adTemplate, §5, §7; 3 §3, §5) on /cms/admodel (3 §7.8): records `{Id, Ad}`,
 * Ad the JSON text of the fields above, sent as `{ad}` / `{ad, id}` (the JSON text of the form's
 * fields, 2 §7) and opened and validated by the server with the form's schema, like product templates. Title
 * (productname) and jump URL (productdetailurl) are required; the same URL prefixing and image
 * rules as products; a productid already used in the organisation: 广告Id重复，请重新输入
 * (server/hooks/ad-template.ts gives the default id, a unique index holds the rule).
 */
export default defineResource({
  name: "adTemplate",
  noun: "广告",
  title: "广告模板",
  route: "/adTemplate",
  menu: { group: "commerce", key: "adTemplate" },
  api: {
    list: ep("GET /cms/admodel"),
    create: ep("POST /cms/admodel"),
    update: ep("PATCH /cms/admodel"),
    remove: ep("DELETE /cms/admodel"),
  },
  id: "Id",
  label: "Ad.productname",
  columns: [
    { field: "Ad.productimgurl", title: "广告图片", format: "image", width: 96 },
    { field: "Ad.productname", title: "广告标题" },
    { field: "Ad.productid", title: "广告Id", width: 150 },
    { field: "Ad.productdetailurl", title: "跳转地址" },
  ],
  search: { param: "key", placeholder: "请输入广告标题" },
  actions: ["edit", "delete"],
  /** 2 §5: the tidying the form does before sending (the server accepts the result and checks it). */
  transforms: { productdetailurl: ["httpsPrefix"], productdesc: ["singleLine"], productid: ["timestampIfEmpty"] },
  editOnlyChanges: true,
  // A live's products and ads import from the templates (2 §2): whoever edits a live's lists reads them.
  readableWith: [...liveCourseKeys, ...vodKeys],
  wireJson: { field: "ad", invalid: "广告信息格式不正确" },
  forms: { create: "ad-template.create", edit: "ad-template.edit" },
  formFields: {
    id: "Id",
    ...Object.fromEntries(adFields.map((f) => [f, `Ad.${f}`])),
  },
  table: {
    name: "ad_templates",
    columns: [
      { column: "id", wire: "Id" },
      { column: "ad", wire: "Ad", from: { json: adFields } },
      { column: "name", from: { form: "productname" } },
      { column: "ad_key", from: { form: "productid" } },
      { column: "created_at", from: "created" },
      { column: "updated_at", from: "updated" },
    ],
    search: { param: "key", columns: ["name"] },
    order: [{ column: "updated_at", desc: true }],
    unique: [{ columns: ["ad_key"], message: "广告Id重复，请重新输入", field: "productid" }],
    hooks: "ad-template",
  },
});
