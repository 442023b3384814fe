import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { subClassCourseTypes } from "../../../resources/live-api";
import type { Database } from "../../db/schema";
import { keptCount } from "../../engine/counts";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { escapeLike } from "../courses";
import { parseDateTime } from "../local-time";
import { selectLives, wireLives, type LiveRow } from "./records";
import { denseEnough, shortKeyHits, titleMatch } from "./title-search";

export interface Page {
  page: number;
  count: number;
}

/** The search of 2 §7 (`couseid`, sic, is the spec's spelling); absent or -1 means no filter. */
export interface LiveSearch extends Page {
  title?: string;
  liveid?: number;
  teacher?: number;
  status?: number;
  begintime?: string;
  endtime?: string;
  couseid?: number;
}

type Builder = ReturnType<typeof selectLives>;

/** Newest start first, the id breaking ties so that paging never repeats or skips a row. */
const newestFirst = (q: Builder) => q.orderBy("l.begin_time", "desc").orderBy("l.id", "desc");

async function onePage(scope: OrgScope, q: Builder, p: Page) {
  return wireLives(scope, (await newestFirst(q).limit(p.count).offset((p.page - 1) * p.count).execute()) as LiveRow[]);
}

/** Every live of the organisation (/liveop unfiltered); the total is the one migration 0017's triggers keep. */
export async function allLives(scope: OrgScope, p: Page) {
  const [rows, total] = await Promise.all([onePage(scope, selectLives(scope), p), keptCount(scope, "lives")]);
  return { rows, total };
}

/** A bound of the start range: a day's first second or last millisecond, a moment to its whole second. */
function bound(text: string | undefined, field: string, end: boolean): number | null {
  if (text === undefined) return null;
  const ms = parseDateTime(text, end);
  if (ms === null) throw fail.bad(end ? "结束时间格式不正确" : "开始时间格式不正确", field);
  return end && text.length > 10 ? ms + 999 : ms;
}

type OnLive = ExpressionBuilder<Database & { l: Database["lives"] }, "l">;

/**
 * The conditions of a search on `l` (a live of the scope). The main teacher is the live's first
 * teacher (live_staff position 0), found through the staff index of that identity. `titleScan`:
 * the name fragment is checked by LIKE alone (title-search.ts).
 */
function conditions(scope: OrgScope, f: LiveSearch, titleScan: boolean) {
  const from = bound(f.begintime, "begintime", false);
  const to = bound(f.endtime, "endtime", true);
  const title = f.title?.trim();
  return (eb: OnLive): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [];
    if (f.couseid !== undefined) and.push(eb("l.course_id", "=", f.couseid));
    if (f.liveid !== undefined) and.push(eb("l.id", "=", f.liveid));
    if (f.status !== undefined && f.status >= 0) and.push(eb("l.status", "=", f.status));
    if (from !== null) and.push(eb("l.begin_time", ">=", from));
    if (to !== null) and.push(eb("l.begin_time", "<=", to));
    if (f.teacher !== undefined) {
      const taught = eb
        .selectFrom("live_staff as ls")
        .select("ls.live_id")
        .where("ls.identity_id", "=", f.teacher)
        .where("ls.role", "=", "teacher")
        .where("ls.position", "=", 0);
      and.push(eb("l.id", "in", taught));
    }
    if (title) and.push(titleMatch(scope, title, titleScan));
    return eb.and(and);
  };
}

const countOf = (scope: OrgScope, where: (eb: OnLive) => Expression<SqlBool>) =>
  scope
    .selectFrom("lives as l")
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

/**
 * One page of the search and its total (2 §7: /liveop with filters, /liveCourse with `couseid`).
 * A name fragment is matched through the title index, except where reading lives in start order
 * is cheaper: within one course, one teacher or one live, and for a short key found in so many
 * titles that a page fills within a few hundred lives. Such a key alone counts off the index.
 */
export async function searchLives(scope: OrgScope, f: LiveSearch) {
  const title = f.title?.trim() ?? "";
  const narrowed = f.couseid !== undefined || f.liveid !== undefined || f.teacher !== undefined;
  const hits = title && !narrowed ? await shortKeyHits(scope, title) : null;
  const titleOnly = hits !== null && (f.status === undefined || f.status < 0) && !f.begintime && !f.endtime;
  const pageScan = narrowed || denseEnough(hits, f.page * f.count);
  const page = conditions(scope, f, pageScan);
  const [rows, total] = await Promise.all([
    onePage(scope, selectLives(scope).where((eb) => page(eb as unknown as OnLive)), f),
    titleOnly ? hits : countOf(scope, pageScan === narrowed ? page : conditions(scope, f, narrowed)),
  ]);
  return { rows, total };
}

/** The course, inside the organisation; another organisation's is 记录不存在. */
export async function needCourse(scope: OrgScope, id: number) {
  const course = await scope.selectFrom("courses").select(["id", "title", "type"]).where("id", "=", id).executeTakeFirst();
  if (!course) throw fail.notFound();
  return course;
}

/**
 * The main classrooms of a course (2 §7 master list, and the sub-class form's picker with `key`):
 * its lives that are no sub-class, of live type 5, or every one in a course of type 18.
 */
export async function masterLives(scope: OrgScope, q: Page & { courseid: number; key?: string }) {
  const course = await needCourse(scope, q.courseid);
  let masters = selectLives(scope).where("l.course_id", "=", course.id).where("l.master_id", "=", 0);
  if (course.type !== 18) masters = masters.where("l.scale", "=", 5);
  const key = q.key?.trim();
  if (key) masters = masters.where(sql<SqlBool>`lower(l.title) like lower(${`%${escapeLike(key)}%`}) escape '\\'`);
  const [rows, total] = await Promise.all([
    onePage(scope, masters, q),
    scope.shared.selectFrom(masters.as("t")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Whether sub-classes are managed in a course of this type (2 §2: 5 and 18). */
export const hasSubClasses = (courseType: number) => subClassCourseTypes.includes(courseType);

/** The sub-classes of a main classroom of the organisation (2 §7 sub-lives), newest start first. */
export async function subLives(scope: OrgScope, q: Page & { masterid: number; courseid?: number }) {
  const master = await scope.selectFrom("lives").select(["id", "course_id"]).where("id", "=", q.masterid).executeTakeFirst();
  if (!master || (q.courseid !== undefined && q.courseid !== master.course_id)) throw fail.notFound();
  const subs = selectLives(scope).where("l.master_id", "=", master.id);
  const [rows, total] = await Promise.all([
    onePage(scope, subs, q),
    scope.selectFrom("lives").where("master_id", "=", master.id).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
