import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adTemplate, message, productTemplate } from "../../../resources";
import type { Endpoint } from "../../../resources/kernel/endpoint";
import { signIn, startSignedIn, type TestServer } from "./helpers";
import { call } from "../../users/server/users-helpers";

let s: TestServer;
let admin: string;
beforeAll(async () => ({ s, admin } = await startSignedIn()));
afterAll(() => s.close());

type Rec = Record<string, unknown>;
/** The template calls' wire shape (2 §7, 3 §7.4): the form's fields as JSON text in `product` or `ad`, `id` beside it. */
const wireField = new Map<Endpoint | undefined, string>([
  [productTemplate.api.create, "product"],
  [productTemplate.api.update, "product"],
  [adTemplate.api.create, "ad"],
  [adTemplate.api.update, "ad"],
]);
const onWire = (endpoint: Endpoint | undefined, params: Rec): Rec => {
  const field = wireField.get(endpoint);
  if (!field) return params;
  const { id, ...fields } = params;
  return { [field]: JSON.stringify(fields), ...(id === undefined ? {} : { id }) };
};
const api = async (cookie: string, endpoint: Endpoint | undefined, params: Rec = {}) => (await call(s.app, cookie, endpoint!, onWire(endpoint, params))).body;
const productOf = (row: Rec) => JSON.parse(String(row.Product)) as Rec;
const goodProduct = { productname: "物理实验套装", productdetailurl: "https://example.com/p", productdesc: "十个实验" };

describe("admin messages (/messageop)", () => {
  it("lists the organisation's messages newest first, as Id, Msg, CreateUser, CreateTime", async () => {
    const body = await api(admin, message.api.list, { page: 1, count: 10 });
    expect(body.code).toBe(0);
    expect(body.count).toBe(3);
    const rows = body.data as Rec[];
    expect(Object.keys(rows[0]).sort()).toEqual(["CreateTime", "CreateUser", "Id", "Msg"]);
    expect(rows[0].CreateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const times = rows.map((r) => String(r.CreateTime));
    expect([...times].sort().reverse()).toEqual(times);
    // The total is the same whether the page is full, the last one, or past the end.
    for (const [page, length] of [[1, 2], [2, 1], [5, 0]])
      expect(await api(admin, message.api.list, { page, count: 2 })).toMatchObject({ count: 3, data: { length } });
  });

  it("adds {msg} signed by the admin, and deletes {id}", async () => {
    expect((await api(admin, message.api.create, { msg: "  " })).msg).toBe("请输入消息内容");
    expect((await api(admin, message.api.create, {})).msg).toBe("请输入消息内容");
    const added = await api(admin, message.api.create, { msg: "明天放假" });
    expect(added).toMatchObject({ code: 0, msg: "添加成功", data: { Msg: "明天放假", CreateUser: "张校长" } });
    const id = (added.data as Rec).Id;
    expect(((await api(admin, message.api.list)).data as Rec[])[0].Id).toBe(id);
    expect(await api(admin, message.api.remove, { id })).toMatchObject({ code: 0, msg: "删除成功" });
    expect(await api(admin, message.api.remove, { id })).toMatchObject({ code: 404, msg: "消息不存在" });
  });
});

describe("product templates (/productTemplate)", () => {
  it("refuses a form in the spec's order: title, detail page, description", async () => {
    const add = productTemplate.api.create;
    expect((await api(admin, add, {})).msg).toBe("请填写商品标题");
    expect((await api(admin, add, { productname: "课" })).msg).toBe("请填写商品详情页地址");
    expect((await api(admin, add, { productname: "课", productdetailurl: "https://a.cn" })).msg).toBe("请填写商品描述");
    expect((await api(admin, add, { ...goodProduct, productdetailurl: "example.com" })).msg).toBe("链接地址不正确");
    expect((await api(admin, add, { ...goodProduct, productdetailurl: "javascript:alert(1)" })).msg).toBe("链接地址不正确");
  });

  it("speaks the spec's wire shape: {product} JSON text to add, {product, id} to modify; flat fields or bad text are refused in words", async () => {
    const add = productTemplate.api.create!;
    const flat = (await call(s.app, admin, add, goodProduct)).body;
    expect(flat).toMatchObject({ code: 400, msg: "商品信息格式不正确" });
    for (const product of ["{", "[]", "null", "12", '"x"'])
      expect((await call(s.app, admin, add, { product })).body, product).toMatchObject({ code: 400, msg: "商品信息格式不正确", data: { field: "product" } });
    // The text's fields are judged by the same form schema as the dialog's.
    expect((await call(s.app, admin, add, { product: JSON.stringify({ productname: " " }) })).body.msg).toBe("请填写商品标题");
    const added = (await call(s.app, admin, add, { product: JSON.stringify({ ...goodProduct, productid: "wire-1" }) })).body;
    expect(added).toMatchObject({ code: 0, msg: "添加成功" });
    const id = (added.data as Rec).Id;
    // An id inside the text is not the record's: only the one beside it names what is modified.
    const changed = (await call(s.app, admin, productTemplate.api.update!, { id, product: JSON.stringify({ ...goodProduct, id: 999999, productname: "线上" }) })).body;
    expect(changed).toMatchObject({ code: 0, msg: "修改成功" });
    expect(productOf(changed.data as Rec)).toMatchObject({ productid: "wire-1", productname: "线上" });
    expect((await call(s.app, admin, adTemplate.api.create!, { ad: "not json" })).body).toMatchObject({ code: 400, msg: "广告信息格式不正确" });
    expect((await api(admin, productTemplate.api.remove, { id })).code).toBe(0);
  });

  it("stores Product as JSON text: id defaults to the creation time, line breaks leave the description, {host} URLs are kept", async () => {
    const before = Date.now();
    const body = await api(admin, productTemplate.api.create, { ...goodProduct, productdesc: "第一行\n第二行\r\n", productdetailurl: "{host}/buy" });
    expect(body).toMatchObject({ code: 0, msg: "添加成功" });
    const row = body.data as Rec;
    expect(Object.keys(row).sort()).toEqual(["Id", "Product"]);
    const p = productOf(row);
    expect(Object.keys(p)).toEqual(["productid", "productname", "productdesc", "productprice", "productcount", "productdetailurl", "productimgurl"]);
    expect(Number(p.productid)).toBeGreaterThanOrEqual(before);
    expect(p).toMatchObject({ productdesc: "第一行第二行", productdetailurl: "{host}/buy", productcount: "0" });
  });

  it("searches by name, trimmed; an empty search lists all", async () => {
    const all = await api(admin, productTemplate.api.list, { key: "" });
    const found = await api(admin, productTemplate.api.list, { key: "  数学 " });
    expect(found.count).toBe(1);
    expect(productOf((found.data as Rec[])[0]).productname).toBe("高考数学冲刺讲义");
    expect(all.count).toBeGreaterThan(1);
    expect((await api(admin, productTemplate.api.list, { key: "100%" })).count).toBe(0);
  });

  it("refuses a product id already used: 商品Id重复，请重新输入, even when the saves race", async () => {
    const dup = await api(admin, productTemplate.api.create, { ...goodProduct, productid: "1700000000001" });
    expect(dup).toMatchObject({ code: 1, msg: "商品Id重复，请重新输入", data: { field: "productid" } });
    const race = await Promise.all(Array.from({ length: 8 }, () => api(admin, productTemplate.api.create, { ...goodProduct, productid: "race-1" })));
    expect(race.filter((b) => b.code === 0)).toHaveLength(1);
    expect(race.filter((b) => b.msg === "商品Id重复，请重新输入")).toHaveLength(7);
  });

  it("modifies a template, keeping its id when none is sent; a gone record says 修改商品失败 / 删除商品失败", async () => {
    const { data } = await api(admin, productTemplate.api.create, { ...goodProduct, productid: "keep-me" });
    const id = (data as Rec).Id;
    const changed = await api(admin, productTemplate.api.update, { id, ...goodProduct, productname: "化学实验套装", productid: "" });
    expect(changed).toMatchObject({ code: 0, msg: "修改成功" });
    expect(productOf(changed.data as Rec)).toMatchObject({ productid: "keep-me", productname: "化学实验套装" });
    expect((await api(admin, productTemplate.api.update, { id, ...goodProduct, productid: "1700000000002" })).msg).toBe("商品Id重复，请重新输入");
    expect(await api(admin, productTemplate.api.remove, { id })).toMatchObject({ code: 0, msg: "删除成功" });
    expect((await api(admin, productTemplate.api.update, { id, ...goodProduct })).msg).toBe("修改商品失败");
    expect((await api(admin, productTemplate.api.remove, { id })).msg).toBe("删除商品失败");
  });
});

describe("ad templates (/adTemplate)", () => {
  it("requires a title and a jump URL, and refuses a used id with 广告Id重复，请重新输入", async () => {
    expect((await api(admin, adTemplate.api.create, {})).msg).toBe("请填写广告标题");
    expect((await api(admin, adTemplate.api.create, { productname: "暑期班" })).msg).toBe("请填写跳转地址");
    const ok = await api(admin, adTemplate.api.create, { productname: "暑期班", productdetailurl: "http://a.cn/x", productid: "ad-1" });
    expect(ok).toMatchObject({ code: 0, msg: "添加成功" });
    expect(JSON.parse(String((ok.data as Rec).Ad))).toMatchObject({ productid: "ad-1", productname: "暑期班", productimgurl: "" });
    expect(await api(admin, adTemplate.api.create, { productname: "秋季班", productdetailurl: "http://a.cn/y", productid: "ad-1" })).toMatchObject({ code: 1, msg: "广告Id重复，请重新输入" });
    expect((await api(admin, adTemplate.api.list)).count).toBe(3);
  });
});

describe("tenancy", () => {
  it("another organisation neither sees nor changes nor deletes these rows, even by id", async () => {
    const other = await signIn(s.app, "13900000000", "admin");
    expect((await api(other, productTemplate.api.list)).count).toBe(0);
    expect((await api(other, message.api.list)).count).toBe(0);
    const mine = ((await api(admin, productTemplate.api.list)).data as Rec[])[0];
    expect((await api(other, productTemplate.api.update, { id: mine.Id, ...goodProduct })).msg).toBe("修改商品失败");
    expect((await api(other, productTemplate.api.remove, { id: mine.Id })).msg).toBe("删除商品失败");
    const msgId = ((await api(admin, message.api.list)).data as Rec[])[0].Id;
    expect((await api(other, message.api.remove, { id: msgId })).code).toBe(404);
    // Its own product ids are its own: the same id is free in another organisation.
    expect((await api(other, productTemplate.api.create, { ...goodProduct, productid: "1700000000001" })).code).toBe(0);
    expect(((await api(admin, productTemplate.api.list)).data as Rec[]).find((r) => r.Id === mine.Id)).toEqual(mine);
  });
});

describe("the guard", () => {
  it("refuses before validation: 401 signed out, 403 for a sub-admin without the key, teachers and students", async () => {
    expect(await api("", productTemplate.api.create, {})).toMatchObject({ code: 401 });
    const userAdmin = await signIn(s.app, "13800000004", "admin");
    expect(await api(userAdmin, productTemplate.api.create, {})).toMatchObject({ code: 403, msg: "拒绝访问" });
    expect(await api(userAdmin, message.api.list, { page: 0 })).toMatchObject({ code: 403 });
    for (const [mobile, type] of [["13800000001", "teacher"], ["13800000003", "student"]]) {
      const cookie = await signIn(s.app, mobile, type);
      expect(await api(cookie, adTemplate.api.remove, {})).toMatchObject({ code: 403 });
    }
    // 吴双 holds messageop: the key opens the call.
    const granted = await signIn(s.app, "13800000009", "admin");
    expect((await api(granted, message.api.list)).code).toBe(0);
    // Without productTemplate it may read the templates through liveop (a live's import, 2 §2), never change them.
    expect((await api(granted, productTemplate.api.list)).code).toBe(0);
    expect((await api(granted, productTemplate.api.remove, { id: 1 })).code).toBe(403);
  });
});
