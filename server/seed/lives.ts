import type { Db } from "../db/database";
import { groupConfigDefaults } from "../../resources/lives/live-config";
import { startOfDay } from "../services/local-time";

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * The live defaults of 示例学校 (3 §3, the defaults of 2 §9, every setting free) and three
 * simulated-live templates with their teachers and assistants (2 §2 /fzLiveTemplate), so
 * /liveSetting, /fzLiveTemplate and the live form's template picker show something on a first
 * start. A template's staff is the JSON text the engine writes (`[{account, name}]`, 2 §3).
 */
export async function seedLives(db: Db, now = Date.now()): Promise<void> {
  const k = db.kysely;
  const org = await k.selectFrom("organisations").select("id").where("name", "=", "示例学校").executeTakeFirst();
  if (!org) return;
  await k.insertInto("group_configs").values({ org_id: org.id, config: JSON.stringify(groupConfigDefaults), updated_at: now }).execute();
  const staff = (role: "teacher" | "assistant") =>
    k.selectFrom("identities").select(["id", "name"]).where("org_id", "=", org.id).where("role", "=", role).orderBy("id").limit(4).execute();
  const [teachers, assistants] = await Promise.all([staff("teacher"), staff("assistant")]);
  const list = (people: { id: number; name: string }[]) => JSON.stringify(people.map((p) => ({ account: p.id, name: p.name })));
  const day = startOfDay(now);
  const templates = [
    { title: "招生宣讲·往期精华", live_type: 1, at: day - 20 * DAY + 19 * HOUR, hours: 1.5, detail: "2024年秋季招生宣讲的录播，用于仿真直播。", who: [teachers.slice(0, 2), assistants.slice(0, 1)] },
    { title: "高考数学公开课回放", live_type: 1, at: day - 40 * DAY + 10 * HOUR, hours: 2, detail: "名师公开课，含互动答题环节。", who: [teachers.slice(0, 4), assistants.slice(0, 4)] },
    { title: "家长会·学习规划讲座", live_type: 2, at: day - 60 * DAY + 20 * HOUR, hours: 1, detail: "", who: [teachers.slice(1, 2), []] },
  ];
  await k
    .insertInto("emulate_templates")
    .values(
      templates.map((t, i) => ({
        org_id: org.id,
        title: t.title,
        live_type: t.live_type,
        begin_time: t.at,
        end_time: t.at + t.hours * HOUR,
        detail: t.detail,
        teachers: list(t.who[0]),
        assistants: list(t.who[1]),
        voided: 0,
        created_at: now - (30 - i) * DAY,
        updated_at: now - (30 - i) * DAY,
      })),
    )
    .execute();
}
