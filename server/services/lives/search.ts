import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { Database } from "../../db/schema";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { parseDateTime } from "../local-time";
import { onePage, type Page } from "./lists";
import { selectLives } from "./records";
import { WALK_MIN_HITS, denseEnough, shortKeyHits, titleMatch, typeIndexed } from "./title-search";

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

/** What the caller narrows beyond the wire's filters: the lives of courses of one type (the recorded sessions, 3 §7.4 vodsearch). */
export interface LiveNarrowing {
  courseType?: number;
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
 * How the name fragment and the main teacher are matched. From their indexes (the title pieces of
 * migration 0021, the teacher's staff rows), the matching lives are found first and then ordered;
 * read along another index instead (`titleScan`: LIKE alone; `teacherProbe`: each live's staff row
 * looked up), the lives come in start order or in the order of a narrower filter and are checked
 * one by one. The first is cheap when few lives match, the second when a page fills quickly or
 * another filter has already narrowed the lives to a few.
 */
interface Way {
  titleScan: boolean;
  teacherProbe: boolean;
}

function conditions(scope: OrgScope, f: LiveSearch, way: Way, narrowing: LiveNarrowing) {
  const { courseType } = narrowing;
  const from = bound(f.begintime, "begintime", false);
  const to = bound(f.endtime, "endtime", true);
  const title = f.title?.trim();
  return (eb: OnLive): Expression<SqlBool> => {
    const and: Expression<SqlBool>[] = [];
    if (f.couseid !== undefined) and.push(eb("l.course_id", "=", f.couseid));
    // The course's type is kept on the live (migration 0026): it leads the (org, type, begin) index.
    if (courseType !== undefined) and.push(eb("l.course_type", "=", courseType));
    if (f.liveid !== undefined) and.push(eb("l.id", "=", f.liveid));
    if (f.status !== undefined && f.status >= 0) and.push(eb("l.status", "=", f.status));
    if (from !== null) and.push(eb("l.begin_time", ">=", from));
    if (to !== null) and.push(eb("l.begin_time", "<=", to));
    if (f.teacher !== undefined) {
      // The main teacher is the live's first teacher (live_staff position 0).
      const leads = eb.selectFrom("live_staff as ls").where("ls.identity_id", "=", f.teacher).where("ls.role", "=", "teacher").where("ls.position", "=", 0);
      and.push(way.teacherProbe ? eb.exists(leads.select("ls.live_id").whereRef("ls.live_id", "=", "l.id")) : eb("l.id", "in", leads.select("ls.live_id")));
    }
    if (title) and.push(titleMatch(scope, title, way.titleScan, courseType));
    return eb.and(and);
  };
}

/**
 * How many lives of the organisation an identity leads as main teacher: none for an identity of
 * another organisation (found through the scope first), else its staff rows, which name lives of
 * its own organisation only.
 */
async function livesLedBy(scope: OrgScope, identityId: number): Promise<number> {
  const teacher = await scope.selectFrom("identities").select("id").where("id", "=", identityId).executeTakeFirst();
  if (!teacher) return 0;
  const led = await scope.shared
    .selectFrom("live_staff")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("identity_id", "=", teacher.id)
    .where("role", "=", "teacher")
    .where("position", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(led.n);
}

/** How many lives of courses of a type the organisation has (of a status, when one is asked), as migration 0026's triggers keep them. */
async function livesOfType(scope: OrgScope, courseType: number, status: number | undefined): Promise<number> {
  let q = scope.selectFrom("live_counts").where("course_type", "=", courseType);
  if (status !== undefined && status >= 0) q = q.where("status", "=", status);
  const row = await q.select((eb) => eb.fn.sum<number>("n").as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * One page of the search and its total (2 §7: /liveop with filters, /liveCourse with `couseid`).
 * The title and teacher indexes find their lives first unless that is the dearer way (Way): within
 * one course or one live, for a key in thousands of titles, for a teacher of thousands of lives. A
 * short key or a teacher alone counts off its index.
 */
export async function searchLives(scope: OrgScope, f: LiveSearch, narrowing: LiveNarrowing = {}) {
  const title = f.title?.trim() ?? "";
  const narrowed = f.couseid !== undefined || f.liveid !== undefined;
  const led = f.teacher !== undefined ? await livesLedBy(scope, f.teacher) : null;
  if (led === 0) return { rows: [], total: 0 };
  const typed = narrowing.courseType;
  const hits = title && !narrowed ? await shortKeyHits(scope, title, typed) : null;
  const pageEnd = f.page * f.count;
  const fewLed = led !== null && !denseEnough(led, pageEnd);
  const page: Way = {
    titleScan: narrowed || fewLed || denseEnough(hits, pageEnd),
    teacherProbe: narrowed || !fewLed,
  };
  const others = (f.status !== undefined && f.status >= 0) || f.begintime !== undefined || f.endtime !== undefined;
  const manyHits = hits !== null && hits >= WALK_MIN_HITS;
  const count: Way = {
    titleScan: narrowed || (led !== null && led < WALK_MIN_HITS) || manyHits,
    teacherProbe: narrowed || (led !== null && led >= WALK_MIN_HITS && !!title && !manyHits),
  };
  const alone = !narrowed && !others;
  const where = conditions(scope, f, page, narrowing);
  const counted = conditions(scope, f, count, narrowing);
  const dated = f.begintime !== undefined || f.endtime !== undefined;
  const [rows, total] = await Promise.all([
    onePage(scope, selectLives(scope).where((eb) => where(eb as unknown as OnLive)), f),
    hits !== null && alone && led === null && (typed === undefined || typeIndexed(typed))
      ? hits
      : led !== null && alone && !title && typed === undefined
        ? led
        : typed !== undefined && !narrowed && !dated && !title && led === null
          ? livesOfType(scope, typed, f.status)
          : scope
            .selectFrom("lives as l")
            .where(counted)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
            .then((r) => Number(r.n)),
  ]);
  return { rows, total };
}
