import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adShelf, productShelf, roomShelfApi, shelfMaxItems, shelfRoomMessages } from "../../../resources/live-commerce/shelf";
import type { RoomShelf } from "../../../resources/live-commerce/room-shelf";
import { signIn, startTestServer, type TestServer } from "../../kernel/server/helpers";
import { enterRoom, identityOf, listening, makeLive, MINUTE, openRoom, type RoomPage } from "../../rooms/server/rooms-helpers";
import { call } from "../../users/server/users-helpers";

/**
 * A live's products and ads (issue 20 item 8; 2 §3, §5, §7, §8; 3 §7.4): GET and PATCH of
 * /cms/product and /cms/ad as the spec's JSON text, every rule of the template forms judged item by
 * item, saves that never lose one another, another organisation's live, bad and oversize text; and
 * the room's cards: what viewers get, the teacher's pin told to every page, clicks counted once per
 * viewer and card in a few seconds and shown in the lists. On SQLite, and on PostgreSQL with DATABASE_URL.
 */

let s: TestServer;
let ws: string;
let org: number;
const ids: Record<string, number> = {};
const cookies: Record<string, string> = {};
const pages: RoomPage[] = [];
type Rec = Record<string, unknown>;
type Envelope<T = Rec> = { code: number; msg: string; data: T };

beforeAll(async () => {
  s = await startTestServer();
  ws = await listening(s.app);
  for (const [who, mobile, role] of [["teacher", "13800000001", "teacher"], ["student", "13800000003", "student"], ["admin", "13800000000", "admin"]] as const) {
    const identity = await identityOf(s.db, mobile, role);
    ids[who] = identity.id;
    org = identity.org_id;
    cookies[who] = await signIn(s.app, mobile, role);
  }
  cookies.otherAdmin = await signIn(s.app, "13900000000", "admin");
}, 60_000);
afterAll(async () => {
  for (const p of pages) p.socket.terminate();
  await s.close();
});

const liveNow = async () =>
  (await makeLive(s.db, { org, begin: Date.now() - 10 * MINUTE, end: Date.now() + 50 * MINUTE, teachers: [ids.teacher], students: [ids.student] })).liveId;

const product = (id: string, extra: Rec = {}) => ({
  productid: id,
  productname: `商品${id}`,
  productdesc: "说明",
  productprice: "9.9",
  productcount: "3",
  productdetailurl: `https://shop.example/${id}`,
  productimgurl: "",
  ...extra,
});
const ad = (id: string, extra: Rec = {}) => ({ productid: id, productname: `广告${id}`, productdetailurl: `https://ad.example/${id}`, ...extra });

const api = async <T = Rec>(cookie: string, endpoint: Parameters<typeof call>[2], params: Rec) => (await call(s.app, cookie, endpoint, params)).body as Envelope<T>;
const products = (liveid: number, cookie = cookies.admin) => api<{ productlist: string; ver: number; clicks: Record<string, number> }>(cookie, productShelf.read, { liveid });
const saveProducts = (liveid: number, list: unknown, ver?: number, cookie = cookies.admin) =>
  api(cookie, productShelf.save, { liveid, product: typeof list === "string" ? list : JSON.stringify(list), ...(ver === undefined ? {} : { ver }) });
const listOf = async (liveid: number) => JSON.parse((await products(liveid)).data.productlist) as Rec[];

describe("/cms/product and /cms/ad: a live's lists as JSON text", () => {
  it("answers an empty list at version 0, then the saved list with its version; the JSON keeps the spec's fields", async () => {
    const live = await liveNow();
    expect(await products(live)).toMatchObject({ code: 0, data: { productlist: "[]", ver: 0, clicks: {} } });
    const saved = await saveProducts(live, [{ ...product("p1"), productdesc: "第一行\n第二行", productcount: "", serverId: 7, extra: "dropped" }], 0);
    expect(saved).toMatchObject({ code: 0, msg: "修改成功", data: { ver: 1 } });
    const [item] = await listOf(live);
    expect(Object.keys(item)).toEqual(["productid", "productname", "productdesc", "productprice", "productcount", "productdetailurl", "productimgurl", "serverId"]);
    expect(item).toMatchObject({ productdesc: "第一行第二行", productcount: "0", serverId: 7 });
    const ads = await api<{ adlist: string; ver: number }>(cookies.admin, adShelf.save, { liveid: live, ad: JSON.stringify([ad("a1")]), ver: 0 });
    expect(ads).toMatchObject({ code: 0, data: { ver: 1 } });
    expect(JSON.parse(ads.data.adlist)).toEqual([{ productid: "a1", productname: "广告a1", productdesc: "", productcount: "0", productdetailurl: "https://ad.example/a1", productimgurl: "" }]);
    // An item with no id gets the moment of the save, each its own.
    const before = Date.now();
    await saveProducts(live, [product(""), product("")], 1);
    const ids2 = (await listOf(live)).map((p) => Number(p.productid));
    expect(ids2[0]).toBeGreaterThanOrEqual(before);
    expect(new Set(ids2).size).toBe(2);
  });

  it("judges every item by its template's form, in the spec's words; nothing is saved when one fails", async () => {
    const live = await liveNow();
    await saveProducts(live, [product("keep")], 0);
    const refused = async (list: unknown) => {
      const answer = await saveProducts(live, list);
      expect(answer.code, JSON.stringify(answer)).not.toBe(0);
      return answer.msg;
    };
    expect(await refused([product("x", { productname: " " })])).toBe("请填写商品标题");
    expect(await refused([{ productid: "x", productname: "课" }])).toBe("请填写商品详情页地址");
    expect(await refused([product("x", { productdesc: "" })])).toBe("请填写商品描述");
    expect(await refused([product("x", { productdetailurl: "shop.example/x" })])).toBe("链接地址不正确");
    expect(await refused([product("x", { productdetailurl: "javascript:alert(1)" })])).toBe("链接地址不正确");
    expect(await refused([product("x", { productimgurl: "javascript:alert(1)" })])).toBe("封面地址不正确");
    expect(await refused([product("d"), product("d")])).toBe("商品Id重复，请重新输入");
    expect(await api(cookies.admin, adShelf.save, { liveid: live, ad: JSON.stringify([ad("d"), ad("d")]) })).toMatchObject({ code: 1, msg: "广告Id重复，请重新输入", data: { field: "productid" } });
    expect(await api(cookies.admin, adShelf.save, { liveid: live, ad: JSON.stringify([{ productid: "n" }]) })).toMatchObject({ msg: "请填写广告标题" });
    for (const bad of ["{", "{}", "[1]", "[[]]", "null"]) expect(await refused(bad), bad).toBe("商品列表格式不正确");
    expect(await refused(Array.from({ length: shelfMaxItems + 1 }, (_, i) => product(`m${i}`)))).toBe(`每场直播最多${shelfMaxItems}个商品`);
    expect(await refused("[" + " ".repeat(200_001) + "]")).toBe("商品列表过长");
    expect((await call(s.app, cookies.admin, productShelf.save, { liveid: live })).body.msg).toBe("商品列表格式不正确");
    expect((await listOf(live)).map((p) => p.productid)).toEqual(["keep"]);
  });

  it("two saves made from the same reading: one lands, the other is told; none is lost", async () => {
    const live = await liveNow();
    const { ver } = (await products(live)).data;
    const both = await Promise.all([saveProducts(live, [product("a")], ver), saveProducts(live, [product("b")], ver)]);
    expect(both.filter((b) => b.code === 0)).toHaveLength(1);
    const told = both.find((b) => b.code !== 0)!;
    expect(told.msg).toBe(productShelf.stale);
    // The one told reads again and adds its item to what is there now.
    const now = (await products(live)).data;
    const next = [...(JSON.parse(now.productlist) as Rec[]), product(told === both[0] ? "a" : "b")];
    expect((await saveProducts(live, next, now.ver)).code).toBe(0);
    expect((await listOf(live)).map((p) => p.productid).sort()).toEqual(["a", "b"]);
    // Eight at once from one reading of an existing list: exactly one lands.
    const v = (await products(live)).data.ver;
    const race = await Promise.all(Array.from({ length: 8 }, (_, i) => saveProducts(live, [product(`r${i}`)], v)));
    expect(race.filter((b) => b.code === 0)).toHaveLength(1);
    expect((await products(live)).data.ver).toBe(v + 1);
  });

  it("another organisation's live is not found and stays unchanged; a teacher or no session cannot call", async () => {
    const live = await liveNow();
    await saveProducts(live, [product("mine")], 0);
    expect(await products(live, cookies.otherAdmin)).toMatchObject({ code: 404, msg: "直播不存在" });
    expect(await saveProducts(live, [product("theirs")], undefined, cookies.otherAdmin)).toMatchObject({ code: 404, msg: "直播不存在" });
    expect((await call(s.app, cookies.otherAdmin, adShelf.save, { liveid: live, ad: "[]" })).body).toMatchObject({ code: 404 });
    expect((await call(s.app, cookies.teacher, productShelf.save, { liveid: live, product: "[]" })).body.code).not.toBe(0);
    expect((await call(s.app, "", productShelf.read, { liveid: live })).body.code).toBe(401);
    expect((await call(s.app, cookies.admin, productShelf.read, { liveid: "x" })).body.msg).toBe("直播编号不正确");
    expect((await listOf(live)).map((p) => p.productid)).toEqual(["mine"]);
    const audit = await s.db.kysely.selectFrom("audit_log").select(["resource", "record_id"]).where("resource", "=", "liveProducts").where("record_id", "=", live).execute();
    expect(audit).toHaveLength(1);
  });
});

describe("the room's cards", () => {
  const tokenOf = async (who: "teacher" | "student", liveId: number) => {
    const answer = await enterRoom(s.app, cookies[who], { room_id: liveId, group_id: org, user_type: who === "teacher" ? 1 : 0 });
    if (!answer.data) throw new Error(answer.msg);
    return answer.data.token;
  };
  const shelfOf = async (token: string) => (await call(s.app, "", roomShelfApi.shelf, { token })).body as Envelope<RoomShelf>;

  it("shows viewers the live's products and ads; the teacher's pin reaches every page at once; a student cannot pin", async () => {
    const live = await liveNow();
    await saveProducts(live, [product("p1"), product("p2", { productprice: "" })], 0);
    await api(cookies.admin, adShelf.save, { liveid: live, ad: JSON.stringify([ad("a1")]) });
    const [teacher, student] = [await tokenOf("teacher", live), await tokenOf("student", live)];
    const shelf = await shelfOf(student);
    expect(shelf.data.products.map((c) => [c.productid, c.productname, c.productprice])).toEqual([["p1", "商品p1", "9.9"], ["p2", "商品p2", ""]]);
    expect(shelf.data.ads.map((c) => c.productdetailurl)).toEqual(["https://ad.example/a1"]);
    expect(shelf.data.pinned).toBeNull();

    const page = openRoom(ws, student);
    pages.push(page);
    await page.next("welcome");
    expect((await call(s.app, "", roomShelfApi.pin, { token: student, kind: "product", productid: "p1" })).body).toMatchObject({ code: 403, msg: shelfRoomMessages.pinTeacherOnly });
    expect((await call(s.app, "", roomShelfApi.pin, { token: teacher, kind: "product", productid: "nope" })).body).toMatchObject({ msg: shelfRoomMessages.notFound });
    expect((await call(s.app, "", roomShelfApi.pin, { token: teacher, kind: "product", productid: "p2" })).body).toMatchObject({ code: 0, msg: shelfRoomMessages.pinned });
    expect((await page.next("pin")).pinned).toEqual({ kind: "product", productid: "p2" });
    expect((await shelfOf(student)).data.pinned).toEqual({ kind: "product", productid: "p2" });
    await call(s.app, "", roomShelfApi.pin, { token: teacher, kind: "product", productid: "" });
    expect((await page.next("pin", (m) => m.pinned === null)).pinned).toBeNull();

    // A save of the lists tells the rooms to read their cards again.
    await saveProducts(live, [product("p3")]);
    await page.next("shelf");
    expect((await shelfOf(student)).data.products.map((c) => c.productid)).toEqual(["p3"]);
    // Another live's token reads its own live only; a forged one is refused.
    expect((await call(s.app, "", roomShelfApi.shelf, { token: "x.y" })).body.code).toBe(403);
  });

  it("counts a viewer's click once in a few seconds, every viewer's, atomically, and shows the counts in the list", async () => {
    const live = await liveNow();
    await saveProducts(live, [product("c1")], 0);
    const [teacher, student] = [await tokenOf("teacher", live), await tokenOf("student", live)];
    const click = (token: string, productid = "c1", kind = "product") => call(s.app, "", roomShelfApi.click, { token, kind, productid });
    const burst = await Promise.all(Array.from({ length: 6 }, () => click(student)));
    expect(burst.filter((r) => (r.body.data as { counted: boolean }).counted)).toHaveLength(1);
    expect((await click(teacher)).body.data).toEqual({ counted: true });
    expect((await products(live)).data.clicks).toEqual({ c1: 2 });
    expect((await click(student, "gone")).body).toMatchObject({ msg: shelfRoomMessages.notFound });
    expect((await click(student, "c1", "ad")).body).toMatchObject({ msg: shelfRoomMessages.notFound });
    expect((await call(s.app, "", roomShelfApi.click, { token: student, kind: "video", productid: "c1" })).body.msg).toBe("商品类别不正确");
    expect((await products(live)).data.clicks).toEqual({ c1: 2 });
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("a pin made through one server process reaches a page held by another", async () => {
    const twin = await s.twin();
    await twin.ready();
    const live = await liveNow();
    await saveProducts(live, [product("t1")], 0);
    const page = openRoom(await listening(twin), await tokenOf("student", live));
    pages.push(page);
    await page.next("welcome");
    await call(s.app, "", roomShelfApi.pin, { token: await tokenOf("teacher", live), kind: "product", productid: "t1" });
    expect((await page.next("pin")).pinned).toEqual({ kind: "product", productid: "t1" });
  });
});
