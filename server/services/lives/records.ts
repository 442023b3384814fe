import type { ExpressionBuilder } from "kysely";
import type { LiveAssistant, LiveRecord, LiveTeacher } from "../../../resources/lives/live-api";
import type { Database } from "../../db/schema";
import type { AuditRecord } from "../../engine/audit";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError, fail } from "../../plugins/envelope";
import { formatDateTime } from "../datetime";

/** The name the audit log files live writes under (resources/lives/live.ts). */
export const AUDITED_AS = "live";

type LiveScope = ExpressionBuilder<Database & { l: Database["lives"] }, "l">;

/** How many students a live admits (live_students, keyed by the live). */
const studentCount = (eb: LiveScope) =>
  eb.selectFrom("live_students as s").select((e) => e.fn.countAll<number>().as("n")).whereRef("s.live_id", "=", "l.id");

/**
 * Lives of the caller's organisation with what a LiveRecord shows beside them: the course (a join
 * on the live's own key), the main classroom's title and the student count. Filter, order and page
 * it, then `wireLives` the rows.
 */
export function selectLives(scope: OrgScope) {
  return scope
    .selectFrom("lives as l")
    .innerJoin("courses as c", "c.id", "l.course_id")
    .leftJoin("lives as m", "m.id", "l.master_id")
    .select((eb) => [
      "l.id", "l.encrypt_room_id", "l.title", "l.course_id", "l.begin_time", "l.end_time", "l.status", "l.scale", "l.voided",
      "l.detail", "l.master_id", "l.emulate_id", "l.config", "l.cloud_disk_files", "l.sub_class_name", "l.created_at", "l.updated_at",
      "c.title as course_name", "c.type as course_type", "c.max_user_num as course_max_users", "m.title as master_name",
      studentCount(eb).as("student_count"),
    ]);
}

export type LiveRow = Awaited<ReturnType<ReturnType<typeof selectLives>["executeTakeFirstOrThrow"]>>;

interface Staff {
  teachers: LiveTeacher[];
  assistants: LiveAssistant[];
}

/**
 * The teachers and assistants of some lives of the organisation, in position order (the first
 * teacher is the main one). Identities are read through the scope; live_staff rows only for lives
 * the caller already read through it.
 */
async function staffOf(scope: OrgScope, liveIds: number[]): Promise<Map<number, Staff>> {
  const staff = new Map<number, Staff>(liveIds.map((id) => [id, { teachers: [], assistants: [] }]));
  if (liveIds.length === 0) return staff;
  const rows = await scope
    .selectFrom("identities as i")
    .innerJoin("live_staff as ls", "ls.identity_id", "i.id")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["ls.live_id", "ls.role", "ls.position", "i.id", "i.name", "i.nick", "p.nickname", "p.headimg"])
    .where("ls.live_id", "in", liveIds)
    .orderBy("ls.live_id")
    .orderBy("ls.position")
    .orderBy("i.id")
    .execute();
  for (const r of rows) {
    const of = staff.get(r.live_id)!;
    if (r.role === "teacher") of.teachers.push({ account: r.id, name: r.name, nick: r.nick || r.nickname, headImg: r.headimg });
    else of.assistants.push({ account: r.id, name: r.name });
  }
  return staff;
}

/** Rows of `selectLives` as the lists answer them (2 §3, resources/lives/live-api.ts LiveRecord). */
export async function wireLives(scope: OrgScope, rows: LiveRow[]): Promise<LiveRecord[]> {
  const staff = await staffOf(scope, rows.map((r) => r.id));
  return rows.map((r) => {
    const { teachers, assistants } = staff.get(r.id)!;
    return {
      Id: r.id,
      EncryptRoomId: r.encrypt_room_id,
      Title: r.title,
      CourseId: r.course_id,
      CourseName: r.course_name,
      CourseType: r.course_type,
      CourseMaxUsers: r.course_max_users,
      BeginTime: formatDateTime(r.begin_time),
      EndTime: formatDateTime(r.end_time),
      Teachers: JSON.stringify(teachers),
      Assistants: JSON.stringify(assistants),
      StudentCount: Number(r.student_count ?? 0),
      LiveType: r.scale,
      LiveState: r.status,
      Status: r.voided ? 0 : 1,
      Detail: r.detail,
      CreateTime: formatDateTime(r.created_at),
      UpdateTime: formatDateTime(r.updated_at),
      MasterId: r.master_id,
      MasterName: r.master_name ?? "",
      Emulateid: r.emulate_id,
      Config: r.config,
      CloudDiskFiles: r.cloud_disk_files,
      SubClassName: r.sub_class_name,
    };
  });
}

/** One live of the organisation as a LiveRecord; another organisation's is 记录不存在. */
export async function findLive(scope: OrgScope, id: number): Promise<LiveRecord> {
  const row = await selectLives(scope).where("l.id", "=", id).executeTakeFirst();
  if (!row) throw fail.notFound();
  const [live] = await wireLives(scope, [row]);
  return live;
}

/** A write to a voided live is refused: voiding is one way (2 §4), and its row offers no action. */
export const voidedRefusal = () => new ApiError(1, "该直播已作废");

/**
 * The live a write is about, inside the organisation and still active: its course, for enrolment.
 * Read in the write's transaction when there is one.
 */
export async function needActiveLive(scope: OrgScope, id: number): Promise<{ id: number; course_id: number }> {
  const live = await scope.selectFrom("lives").select(["id", "course_id", "voided"]).where("id", "=", id).executeTakeFirst();
  if (!live) throw fail.notFound();
  if (live.voided) throw voidedRefusal();
  return live;
}

/**
 * A live as the audit log compares it, for every write of a live (the live form's add and change,
 * voiding): the fields a person sets or the row operations change, by wire name, and the audience
 * base when the writer read it. The log keeps only those that changed.
 */
export const auditedLive = (r: LiveRecord, initNum?: number): AuditRecord => ({
  Id: r.Id,
  Title: r.Title,
  CourseId: r.CourseId,
  BeginTime: r.BeginTime,
  EndTime: r.EndTime,
  Teachers: r.Teachers,
  Assistants: r.Assistants,
  LiveType: r.LiveType,
  Detail: r.Detail,
  MasterId: r.MasterId,
  Emulateid: r.Emulateid,
  Config: r.Config,
  SubClassName: r.SubClassName,
  Status: r.Status,
  ...(initNum === undefined ? {} : { InitNum: initNum }),
});
