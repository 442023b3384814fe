import type { Db } from "../db/database";

const day = 24 * 3600_000;

/** Subjects the demo papers are named after; each organisation gets a paper per subject and unit. */
const subjects = ["数学", "英语", "物理", "化学", "语文", "生物", "历史", "地理"];
const units = ["第一单元测验", "期中模拟卷", "第三单元测验"];

/**
 * Demo exam papers (3 §3): 24 for 示例学校, more than the import dialog's first page of 10 or 20,
 * and a few for 第二学校, so a page that leaked across organisations would show it. The first
 * past live of 示例学校 has two papers bound, so /bindExamByLive opens with something to delete.
 */
export async function seedExams(db: Db, now = Date.now()): Promise<void> {
  await db.kysely.transaction().execute(async (tx) => {
    const orgs = await tx.selectFrom("organisations").select(["id", "name"]).where("name", "in", ["示例学校", "第二学校"]).execute();
    for (const org of orgs) {
      const titles = org.name === "示例学校" ? subjects.flatMap((s) => units.map((u) => `${s}·${u}`)) : ["第二学校·语文月考", "第二学校·数学周测", "第二学校·英语听力"];
      const rows = titles.map((title, i) => ({
        org_id: org.id,
        title,
        created_at: now - (titles.length - i) * day,
        last_modified: now - (titles.length - i) * day + ((i * 7) % 5) * 3600_000,
      }));
      const papers = await tx.insertInto("exam_papers").values(rows).returning("id").execute();
      if (org.name !== "示例学校") continue;
      const live = await tx.selectFrom("lives").select("id").where("org_id", "=", org.id).where("voided", "=", 0).where("status", "=", 2).orderBy("begin_time").executeTakeFirst();
      if (live) await tx.insertInto("live_papers").values(papers.slice(0, 2).map((p) => ({ org_id: org.id, live_id: live.id, paper_id: p.id, created_at: now }))).execute();
    }
  });
}
