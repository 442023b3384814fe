import type { Db } from "../db/database";

const DAY = 86_400_000;

/** Courses of 示例学校 whose held lives have a recording, so the portal offers 观看回放 beside 已结束. */
const recordedCourses = ["高一数学·函数专题", "互动大班·化学提高", "公开课：如何高效学习"];

/** The demo recharge orders /payresult shows (docs/features.md, the portal): one paid, one still waiting for the payment. */
export const demoTradeNos = { paid: "WXPAYDEMO000000000001", pending: "WXPAYDEMO000000000002" } as const;

/**
 * What the portal and /payresult need beyond the courses' seed: recordings of some held lives, the
 * demo student added to one live of a course they are not enrolled in (a live seen through
 * live_students alone), and the demo recharge orders.
 */
export async function seedPortal(db: Db, now = Date.now()): Promise<void> {
  const k = db.kysely;
  const org = await k.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirst();
  if (!org) return;
  await k.transaction().execute(async (tx) => {
    const held = await tx
      .selectFrom("lives as l")
      .innerJoin("courses as c", "c.id", "l.course_id")
      .select(["l.id", "l.title", "l.begin_time", "l.end_time"])
      .where("l.org_id", "=", org.id)
      .where("l.voided", "=", 0)
      .where("l.end_time", "<=", now)
      .where("c.title", "in", recordedCourses)
      .execute();
    if (held.length)
      await tx
        .insertInto("live_recordings")
        .values(
          held.map((l) => ({
            org_id: org.id,
            live_id: l.id,
            name: `${l.title}.mp4`,
            url: `/uploads/recordings/live-${l.id}.mp4`,
            duration_seconds: Math.round((l.end_time - l.begin_time) / 1000),
            size_bytes: Math.round(((l.end_time - l.begin_time) / 1000) * 250_000),
            created_at: l.end_time + 10 * 60_000,
          })),
        )
        .execute();

    const student = await tx
      .selectFrom("identities as i")
      .innerJoin("persons as p", "p.id", "i.person_id")
      .select("i.id")
      .where("i.org_id", "=", org.id)
      .where("i.role", "=", "student")
      .where("p.mobile", "=", "13800000003")
      .executeTakeFirst();
    const guestLive = await tx
      .selectFrom("lives as l")
      .innerJoin("courses as c", "c.id", "l.course_id")
      .select("l.id")
      .where("l.org_id", "=", org.id)
      .where("c.title", "=", "双师语文阅读")
      .where("l.voided", "=", 0)
      .where("l.begin_time", ">", now)
      .orderBy("l.begin_time")
      .executeTakeFirst();
    if (student && guestLive) await tx.insertInto("live_students").values({ org_id: org.id, live_id: guestLive.id, identity_id: student.id, created_at: now - DAY }).execute();

    await tx
      .insertInto("recharge_orders")
      .values([
        { org_id: org.id, trade_no: demoTradeNos.paid, fee_milli: 1_000_000, way: "wechatpay", status: "paid", created_at: now - DAY, paid_at: now - DAY + 40_000 },
        { org_id: org.id, trade_no: demoTradeNos.pending, fee_milli: 3_000_000, way: "wechatpay", status: "pending", created_at: now - 60_000, paid_at: null },
      ])
      .execute();
  });
}
