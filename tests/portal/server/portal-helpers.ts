import type { Db } from "../../../server/db/database";
import type { Role } from "../../../server/db/schema";

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** The id of an organisation by name. */
export async function orgId(db: Db, name: string): Promise<number> {
  return (await db.kysely.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

/** The identity a mobile holds in an organisation in a role. */
export async function identityOf(db: Db, mobile: string, org: number, role: Role): Promise<number> {
  const row = await db.kysely
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select("i.id")
    .where("p.mobile", "=", mobile)
    .where("i.org_id", "=", org)
    .where("i.role", "=", role)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Lives, courses and their people written straight to the database, at exact times. */
export function fixtures(db: Db) {
  const k = db.kysely;
  return {
    async course(org: number, title: string, { expire = Date.now() + 30 * DAY, status = 1 } = {}) {
      const now = Date.now();
      return (
        await k
          .insertInto("courses")
          .values({ org_id: org, title, type: 1, max_user_num: 25, expire, headimg: "", detail: "", status, create_user: "测试", created_at: now, updated_at: now })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    },
    async live(org: number, course: number, title: string, begin: number, end: number, extra: { status?: number; voided?: number; config?: string; scale?: number } = {}) {
      const now = Date.now();
      return (
        await k
          .insertInto("lives")
          .values({
            org_id: org, course_id: course, title, begin_time: begin, end_time: end, status: extra.status ?? 0, scale: extra.scale ?? 1,
            voided: extra.voided ?? 0, detail: "", master_id: 0, config: extra.config ?? "{}", created_at: now, updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    },
    staff: (live: number, identity: number, role: "teacher" | "assistant", position = 0) =>
      k.insertInto("live_staff").values({ live_id: live, identity_id: identity, role, position }).execute(),
    enrol: (course: number, identity: number) => k.insertInto("course_students").values({ course_id: course, identity_id: identity, created_at: Date.now() }).execute(),
    addToLive: (org: number, live: number, identity: number) =>
      k.insertInto("live_students").values({ org_id: org, live_id: live, identity_id: identity, created_at: Date.now() }).execute(),
    recording: (org: number, live: number) =>
      k.insertInto("live_recordings").values({ org_id: org, live_id: live, name: "r.mp4", url: "/r.mp4", created_at: Date.now() }).execute(),
  };
}
