import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import { courseTypeOf, maxUsersProblem, offeredCourseTypes, seatsBelowEnrolledMessage, type CourseRecord, type CourseType } from "../../resources/courses/course";
import { httpsUrl } from "../../resources/kernel/upload";
import { recordedCourseType } from "../../resources/vod/vod-course";
import type { Database } from "../db/schema";
import { recordAudit, type AuditRecord } from "../engine/audit";
import type { OrgScope } from "../engine/org-scope";
import { ApiError, fail } from "../plugins/envelope";
import type { Auth } from "../plugins/session";
import { courseSeatsOf, enrolledCount } from "./course-students";
import { formatDateTime } from "./datetime";
import { parseDateTime } from "./local-time";
import { extendedTreeOf } from "./menu";

type Identity = NonNullable<Auth["identity"]>;

export interface CourseFilter {
  page: number;
  count: number;
  title?: string;
  /** A type code; -1 or absent for every type. */
  type?: number;
  /** 1 or 0; -1 or absent for every status. */
  status?: number;
  begintime?: string;
  endtime?: string;
}

export interface CourseInput {
  type: number;
  title: string;
  detail?: string;
  expire: string;
  maxusernum?: number;
  headimg?: string;
}

export interface CourseChange {
  id: number;
  title: string;
  detail?: string;
  expire: string;
  maxusernum?: number;
  headimg?: string;
}

/** A rule of the form the schema cannot state: answered like a schema failure, naming the field. */
const refuse = (msg: string, field?: string) => fail.bad(msg, field);


export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Valid (1) while marked valid and not past its expiry; otherwise invalid (0). */
const effectiveStatus = (now: number) => sql<number>`case when c.status = 1 and c.expire > ${now} then 1 else 0 end`;

const firstLive = (eb: ExpressionBuilder<Database & { c: Database["courses"] }, "c">) =>
  eb
    .selectFrom("lives as l")
    .select((e) => e.fn.min<number>("l.begin_time").as("m"))
    .whereRef("l.course_id", "=", "c.id")
    .where("l.voided", "=", 0);

function selectCourses(scope: OrgScope, now: number) {
  return scope
    .selectFrom("courses as c")
    .select((eb) => [
      "c.id", "c.title", "c.type", "c.max_user_num", "c.expire", "c.headimg", "c.detail", "c.create_user",
      "c.created_at", "c.updated_at",
      effectiveStatus(now).as("status"),
      firstLive(eb).as("first_live_time"),
    ]);
}

type CourseRow = Awaited<ReturnType<ReturnType<typeof selectCourses>["executeTakeFirstOrThrow"]>>;

/** A course as the list answers it (1 §3); FirstLiveTime is null when it has no live. */
export function wireCourse(r: CourseRow): CourseRecord {
  return {
    Id: r.id,
    Title: r.title,
    Type: r.type,
    MaxUserNum: r.max_user_num,
    Expire: formatDateTime(r.expire),
    HeadImg: httpsUrl(r.headimg),
    Detail: r.detail,
    Status: Number(r.status),
    FirstLiveTime: r.first_live_time == null ? null : formatDateTime(Number(r.first_live_time)),
    CreateTime: formatDateTime(r.created_at),
    UpdateTime: formatDateTime(r.updated_at),
    CreateUser: r.create_user,
  };
}

/** One page of the organisation's courses, newest change first, with the filters of 1 §7. */
export async function listCourses(scope: OrgScope, f: CourseFilter) {
  const now = Date.now();
  const conditions = (eb: ExpressionBuilder<Database & { c: Database["courses"] }, "c">) => {
    const and: Expression<SqlBool>[] = [];
    const title = f.title?.trim();
    if (title) and.push(sql<SqlBool>`lower(c.title) like lower(${`%${escapeLike(title)}%`}) escape '\\'`);
    if (f.type !== undefined && f.type >= 0) and.push(eb("c.type", "=", f.type));
    if (f.status !== undefined && f.status >= 0) and.push(sql<SqlBool>`${effectiveStatus(now)} = ${f.status}`);
    const from = f.begintime ? parseDateTime(f.begintime) : null;
    const to = f.endtime ? parseDateTime(f.endtime, true) : null;
    if (f.begintime && from === null) throw refuse("开始时间格式不正确", "begintime");
    if (f.endtime && to === null) throw refuse("结束时间格式不正确", "endtime");
    if (from !== null || to !== null) {
      let lives = eb.selectFrom("lives as l").select("l.id").whereRef("l.course_id", "=", "c.id").where("l.voided", "=", 0);
      if (from !== null) lives = lives.where("l.begin_time", ">=", from);
      // A bound given to the second takes in that whole second.
      if (to !== null) lives = lives.where("l.begin_time", "<=", f.endtime!.length > 10 ? to + 999 : to);
      and.push(eb.exists(lives));
    }
    return eb.and(and);
  };
  const [rows, total] = await Promise.all([
    selectCourses(scope, now)
      .where(conditions)
      .orderBy("c.updated_at", "desc")
      .orderBy("c.id", "desc")
      .limit(f.count)
      .offset((f.page - 1) * f.count)
      .execute(),
    scope.selectFrom("courses as c").where(conditions).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(wireCourse), total: Number(total.n) };
}

/** The audit log's name for course writes: the resource's. */
const AUDITED_AS = "course";

/** A course as the audit log compares it: what a form writes, not the figures time changes (status, first live, times). */
const audited = ({ Id, Title, Type, MaxUserNum, Expire, HeadImg, Detail, CreateUser }: CourseRecord): AuditRecord =>
  ({ Id, Title, Type, MaxUserNum, Expire, HeadImg, Detail, CreateUser });

export async function findCourse(scope: OrgScope, id: number) {
  const row = await selectCourses(scope, Date.now()).where("c.id", "=", id).executeTakeFirst();
  if (!row) throw fail.notFound();
  return wireCourse(row);
}

/** The extended permission keys an admin holds; the main admin holds them all. */
function heldExtendedKeys(identity: Identity): Iterable<string> | "all" {
  if (identity.role === "admin") return "all";
  return extendedTreeOf(identity).flatMap((g) => g.subMenus.filter((s) => s.checked).map((s) => s.key));
}

/** The course types an admin may create (1 §6): what the create form offers and `addCourse` accepts. */
export const offeredTypesFor = (identity: Identity): CourseType[] => offeredCourseTypes(heldExtendedKeys(identity));

function checkMaxUsers(type: CourseType, value: number) {
  const problem = maxUsersProblem(type, value);
  if (problem) throw refuse(problem, "maxusernum");
}

function expiryOf(text: string): number {
  const ms = parseDateTime(text);
  if (ms === null) throw refuse("课程有效期格式不正确", "expire");
  return ms;
}

/**
 * Adds a course. Beyond the schema (course.create, which also keeps the expiry from the past with
 * its `notBeforeNow` keyword): the type must be one the admin is offered (1 §6), and the maximum
 * users must suit the type (1 §5). A recorded course is offered by its own key (`recordedAllowed`:
 * the caller holds vodcourseop), which no course-type permission names.
 */
export async function addCourse(scope: OrgScope, identity: Identity, input: CourseInput, recordedAllowed = false) {
  const expire = expiryOf(input.expire);
  const now = Date.now();
  const type = courseTypeOf(input.type);
  if (!type) throw refuse("请选择班型", "type");
  if (!(recordedAllowed && type.code === recordedCourseType) && !offeredTypesFor(identity).some((t) => t.code === type.code))
    throw refuse(`您没有创建${type.label}的权限`, "type");
  const maxUsers = input.maxusernum ?? type.maxUsers.default;
  checkMaxUsers(type, maxUsers);
  return scope.transaction(async (tx) => {
    const { id } = await tx
      .insertInto("courses", {
        title: input.title.trim(),
        type: type.code,
        max_user_num: maxUsers,
        expire,
        headimg: input.headimg?.trim() ?? "",
        detail: input.detail ?? "",
        status: 1,
        create_user: identity.name,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const after = await findCourse(tx, id);
    await recordAudit(tx, { resource: AUDITED_AS, recordId: id, action: "create", after: audited(after) });
    return after;
  });
}

/** Changes a course; its type stays (1 §5), so the maximum users are checked against the stored one. */
export async function changeCourse(scope: OrgScope, change: CourseChange) {
  const expire = expiryOf(change.expire);
  return scope.transaction(async (tx) => {
    // Locked first, so an enrolment meanwhile is counted below or waits for the new maximum.
    const { seats } = await courseSeatsOf(tx, change.id, true);
    const before = await findCourse(tx, change.id);
    const type = courseTypeOf(before.Type);
    if (type && change.maxusernum !== undefined) checkMaxUsers(type, change.maxusernum);
    if (seats !== null && change.maxusernum !== undefined) {
      const enrolled = await enrolledCount(tx, change.id);
      if (change.maxusernum < enrolled) throw refuse(seatsBelowEnrolledMessage(enrolled), "maxusernum");
    }
    await tx
      .updateTable("courses", {
        title: change.title.trim(),
        expire,
        updated_at: Date.now(),
        ...(change.detail !== undefined ? { detail: change.detail } : {}),
        ...(change.headimg !== undefined ? { headimg: change.headimg.trim() } : {}),
        ...(change.maxusernum !== undefined ? { max_user_num: change.maxusernum } : {}),
      })
      .where("id", "=", change.id)
      .execute();
    const after = await findCourse(tx, change.id);
    await recordAudit(tx, { resource: AUDITED_AS, recordId: change.id, action: "update", before: audited(before), after: audited(after) });
    return after;
  });
}

const hasLivesMessage = "该课程下已有直播，不能删除";

function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/**
 * Removes a course and its enrolments. A course that has lives (voided ones too) stays: its
 * lives carry attendance that the teachers' and students' statistics are made of.
 */
export async function removeCourse(scope: OrgScope, id: number) {
  const live = await scope.selectFrom("lives").select("id").where("course_id", "=", id).limit(1).executeTakeFirst();
  if (live) throw new ApiError(1, hasLivesMessage);
  try {
    await scope.transaction(async (tx) => {
      const before = await findCourse(tx, id);
      await tx.deleteFrom("courses").where("id", "=", id).execute();
      await recordAudit(tx, { resource: AUDITED_AS, recordId: id, action: "remove", before: audited(before) });
    });
  } catch (err) {
    // A live added meanwhile: the foreign key keeps the course.
    if (isForeignKeyViolation(err)) throw new ApiError(1, hasLivesMessage);
    throw err;
  }
}
