import { sql, type SqlBool } from "kysely";
import { subClassCourseTypes } from "../../../resources/lives/live-api";
import { keptCount } from "../../engine/counts";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { escapeLike } from "../courses";
import { selectLives, wireLives, type LiveRow } from "./records";

export interface Page {
  page: number;
  count: number;
}

type Builder = ReturnType<typeof selectLives>;

/** Newest start first, the id breaking ties so that paging never repeats or skips a row. */
const newestFirst = (q: Builder) => q.orderBy("l.begin_time", "desc").orderBy("l.id", "desc");

/** One page of lives as LiveRecords, newest start first. */
export async function onePage(scope: OrgScope, q: Builder, p: Page) {
  return wireLives(scope, (await newestFirst(q).limit(p.count).offset((p.page - 1) * p.count).execute()) as LiveRow[]);
}

/** Every live of the organisation (/liveop unfiltered); the total is the one migration 0021's triggers keep. */
export async function allLives(scope: OrgScope, p: Page) {
  const [rows, total] = await Promise.all([onePage(scope, selectLives(scope), p), keptCount(scope, "lives")]);
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
