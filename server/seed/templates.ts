import type { Db } from "../db/database";
import { adFields } from "../../resources/lives/ad-template";
import { productFields } from "../../resources/lives/product-template";

const DAY = 86_400_000;

const product = (p: Record<(typeof productFields)[number], string>) => JSON.stringify(Object.fromEntries(productFields.map((f) => [f, p[f]])));
const ad = (a: Record<(typeof adFields)[number], string>) => JSON.stringify(Object.fromEntries(adFields.map((f) => [f, a[f]])));

/**
 * A few admin messages and two product and two ad templates in 示例学校, so /messageop,
 * /productTemplate and /adTemplate show rows on a first start. The JSON text keeps the declared
 * field order, as the engine writes it (server/engine/table-rows.ts).
 */
export async function seedTemplates(db: Db): Promise<void> {
  const org = await db.kysely.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirst();
  if (!org) return;
  const now = Date.now();
  const messages = ["本周六上午10点系统维护，届时直播服务暂停一小时。", "新学期课程已上线，请各位老师及时检查课表。", "请老师们在课前十分钟进入直播间调试设备。"];
  await db.kysely
    .insertInto("admin_messages")
    .values(messages.map((msg, i) => ({ org_id: org.id, msg, create_user: "张校长", created_at: now - (i + 1) * DAY, updated_at: now - (i + 1) * DAY })))
    .execute();
  const products = [
    { productid: "1700000000001", productname: "高考数学冲刺讲义", productdesc: "配套直播课的纸质讲义，含历年真题解析。", productprice: "59.90", productcount: "200", productdetailurl: "https://example.com/shop/math", productimgurl: "" },
    { productid: "1700000000002", productname: "英语听力训练营", productdesc: "30天听力打卡课程，每天15分钟。", productprice: "199", productcount: "50", productdetailurl: "https://example.com/shop/english", productimgurl: "" },
  ];
  await db.kysely
    .insertInto("product_templates")
    .values(products.map((p, i) => ({ org_id: org.id, product: product(p), name: p.productname, product_key: p.productid, created_at: now - (i + 2) * DAY, updated_at: now - (i + 2) * DAY })))
    .execute();
  const ads = [
    { productid: "1700000000101", productname: "暑期班火热报名中", productdesc: "报名即送学习礼包。", productcount: "0", productdetailurl: "https://example.com/summer", productimgurl: "" },
    { productid: "1700000000102", productname: "关注公众号领取资料", productdesc: "", productcount: "0", productdetailurl: "{host}/follow", productimgurl: "" },
  ];
  await db.kysely
    .insertInto("ad_templates")
    .values(ads.map((a, i) => ({ org_id: org.id, ad: ad(a), name: a.productname, ad_key: a.productid, created_at: now - (i + 2) * DAY, updated_at: now - (i + 2) * DAY })))
    .execute();
}
