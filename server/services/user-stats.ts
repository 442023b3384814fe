import { sql, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from "kysely";
import { httpsUrl } from "../../resources/kernel/upload";
import { checkStates, type CheckState } from "../../resources/users/user-stats";
import type { Database, Role } from "../db/schema";
import type { OrgScope } from "../engine/org-scope";
import { fail } from "../plugins/envelope";
import { escapeLike } from "./courses";
import { formatDateTime } from "./datetime";
import { parseDateTime } from "./local-time";

/**
 * The detail statistics of one person of an organisation (1 §2.4, §7), computed from the
 * stored lives, enrolments and attendance. Voided lives count nowhere. Every number on a detail
 * page counts the same lives, so the page adds up (issue 8, finding 21):
 *
 * - A teacher's lives are those it teaches; a student's are the lives of the courses it is
 *   enrolled in, and any other live it listened to. The table lists each of them once, the way
 *   the person took part (below), and its total is the live count.
 * - A live is done when it has ended (status 2). A course is done when it has lives and all of
 *   them have ended; a teacher's courses are those of its lives, a student's those it is
 *   enrolled in or listened to a live of.
 * - Each done live has one check state: that of the person's listening while it was live (play
 *   type 1), or absent (undo) without one. The four counts add up to the done lives; a live still
 *   on counts once it has ended, and a replay is no attendance.
 */
export interface Subject {
  /** The organisation it belongs to: every query about it goes through this scope. */
  scope: OrgScope;
  identityId: number;
  role: DetailRole;
}

type LivesQuery = SelectQueryBuilder<Database & { l: Database["lives"] }, "l", object>;

/**
 * The roles with a detail page: /teacherInfo shows teachers only, /studentInfo students only. The
 * spec gives assistants no detail page (1 §2.4 and the spec's route table).
 */
export type DetailRole = Extract<Role, "teacher" | "student">;

/** The organisation's teacher with this record id (/teacherInfo?teacherId), or 记录不存在. */
export async function findTeacher(scope: OrgScope, userId: number): Promise<Subject> {
  const row = await scope.selectFrom("identities").select("id").where("id", "=", userId).where("role", "=", "teacher").executeTakeFirst();
  if (!row) throw fail.notFound();
  return { scope, identityId: row.id, role: "teacher" };
}

/** The organisation's student with this mobile (/studentInfo?mobile). */
export async function findStudent(scope: OrgScope, mobile: string): Promise<Subject> {
  const row = await scope
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select("i.id")
    .where("p.mobile", "=", mobile)
    .where("i.role", "=", "student")
    .executeTakeFirst();
  if (!row) throw fail.notFound();
  return { scope, identityId: row.id, role: "student" };
}

/** nickname, headimg, mobile of the detail page's header. */
export async function userInfo(s: Subject) {
  const row = await s.scope
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["i.name", "i.nick", "p.nickname", "p.headimg", "p.mobile"])
    .where("i.id", "=", s.identityId)
    .executeTakeFirstOrThrow();
  return { nickname: row.nick || row.name || row.nickname, name: row.name, headimg: httpsUrl(row.headimg), mobile: row.mobile };
}

const isStaff = (s: Subject) => s.role === "teacher";

/**
 * The subject's lives: taught ones for a teacher; enrolled courses' and listened ones for a student.
 * The child tables (live_staff, course_students, attendance) are read for the subject's identity,
 * found through the scope; the lives themselves come from the scope.
 */
function inScope(s: Subject) {
  return (eb: ExpressionBuilder<Database & { l: Database["lives"] }, "l">) => {
    const base = eb("l.voided", "=", 0);
    if (isStaff(s))
      return eb.and([base, eb("l.id", "in", eb.selectFrom("live_staff as ls").select("ls.live_id").where("ls.identity_id", "=", s.identityId))]);
    return eb.and([
      base,
      eb.or([
        eb("l.course_id", "in", eb.selectFrom("course_students as cs").select("cs.course_id").where("cs.identity_id", "=", s.identityId)),
        eb("l.id", "in", eb.selectFrom("attendance as a").select("a.live_id").where("a.identity_id", "=", s.identityId)),
      ]),
    ]);
  };
}

const lives = (s: Subject): LivesQuery => s.scope.selectFrom("lives as l").where(inScope(s));

const n = (v: unknown) => Number(v ?? 0);

/** Lives done (ended) and in all. */
export async function liveCounts(s: Subject) {
  const row = await lives(s)
    .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.sum<number>(sql`case when l.status = 2 then 1 else 0 end`).as("done")])
    .executeTakeFirstOrThrow();
  return { liveDo: n(row.done), liveTotal: n(row.total) };
}

/** Courses done (all their lives ended) and in all. */
export async function courseCounts(s: Subject) {
  const row = await s.scope
    .selectFrom("courses as c")
    .where((eb) => {
      const ofLives = eb("c.id", "in", lives(s).select("l.course_id"));
      if (isStaff(s)) return ofLives;
      return eb.or([ofLives, eb("c.id", "in", eb.selectFrom("course_students as cs").select("cs.course_id").where("cs.identity_id", "=", s.identityId))]);
    })
    .select((eb) => {
      // The course's own lives, by its key.
      const itsLives = () => eb.selectFrom("lives as x").select("x.id").whereRef("x.course_id", "=", "c.id").where("x.voided", "=", 0);
      const allEnded = eb.and([eb.exists(itsLives()), eb.not(eb.exists(itsLives().where("x.status", "<>", 2)))]);
      return [eb.fn.countAll<number>().as("total"), eb.fn.sum<number>(eb.case().when(allEnded).then(1).else(0).end()).as("done")];
    })
    .executeTakeFirstOrThrow();
  return { courseDo: n(row.done), courseTotal: n(row.total) };
}

/** The subject's done lives by check state: {"check-do", "check-late", "check-leaveearly", "check-undo"}. */
export async function checkCounts(s: Subject) {
  const rows = await lives(s)
    .where("l.status", "=", 2)
    .leftJoin("attendance as a", (join) => join.onRef("a.live_id", "=", "l.id").on("a.identity_id", "=", s.identityId).on("a.play_type", "=", 1))
    .select((eb) => ["a.check_state", eb.fn.countAll<number>().as("n")])
    .groupBy("a.check_state")
    .execute();
  const count = (state: CheckState) => rows.filter((r) => (r.check_state ?? "undo") === state).reduce((sum, r) => sum + n(r.n), 0);
  return Object.fromEntries(checkStates.map((state) => [`check-${state}`, count(state)])) as Record<`check-${CheckState}`, number>;
}

export interface LiveFilter {
  page: number;
  count: number;
  title?: string;
  /** 0, 1, 2; -1 or absent for every status. */
  status?: number;
  begintime?: string;
  endtime?: string;
}

/**
 * The detail page's table: one row per live of the subject, newest first, with the way it took
 * part and for how long: live when it was there live, else replay when it watched the replay,
 * else live with no time.
 */
export async function liveRows(s: Subject, f: LiveFilter) {
  const from = f.begintime ? parseDateTime(f.begintime) : null;
  const to = f.endtime ? parseDateTime(f.endtime, true) : null;
  if (f.begintime && from === null) throw fail.bad("开始时间格式不正确", "begintime");
  if (f.endtime && to === null) throw fail.bad("结束时间格式不正确", "endtime");
  let q = lives(s)
    .innerJoin("courses as c", "c.id", "l.course_id")
    .leftJoin("attendance as a", (join) => join.onRef("a.live_id", "=", "l.id").on("a.identity_id", "=", s.identityId).on("a.play_type", "=", 1))
    .leftJoin("attendance as r", (join) => join.onRef("r.live_id", "=", "l.id").on("r.identity_id", "=", s.identityId).on("r.play_type", "=", 2));
  const title = f.title?.trim();
  if (title) q = q.where(sql<SqlBool>`lower(l.title) like lower(${`%${escapeLike(title)}%`}) escape '\\'`);
  if (f.status !== undefined && f.status >= 0) q = q.where("l.status", "=", f.status);
  if (from !== null) q = q.where("l.begin_time", ">=", from);
  // A bound given to the second takes in that whole second.
  if (to !== null) q = q.where("l.begin_time", "<=", f.endtime!.length > 10 ? to + 999 : to);
  const [rows, total] = await Promise.all([
    q
      .select(["l.id", "l.title", "c.title as coursetitle", "l.begin_time", "l.end_time", "l.status", "l.scale", "a.online_seconds as live", "r.online_seconds as replay"])
      .orderBy("l.begin_time", "desc")
      .orderBy("l.id", "desc")
      .limit(f.count)
      .offset((f.page - 1) * f.count)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => {
      const byReplay = !r.live && !!r.replay;
      return {
        liveid: r.id,
        title: r.title,
        coursetitle: r.coursetitle,
        begintime: formatDateTime(r.begin_time),
        endtime: formatDateTime(r.end_time),
        status: r.status,
        playtype: byReplay ? 2 : 1,
        scale: r.scale,
        online: (byReplay ? r.replay : r.live) ?? 0,
      };
    }),
    total: n(total.n),
  };
}
