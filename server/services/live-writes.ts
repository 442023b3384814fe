import { randomBytes } from "node:crypto";
import { insufficientBalanceCode, liveMessages, type LiveRecord } from "../../resources/lives/live-api";
import { payTypes } from "../../resources/billing/prices";
import { parseLiveConfig } from "../../resources/lives/live-config";
import { parseDateTime } from "../../resources/kernel/local-time";
import { recordAudit } from "../engine/audit";
import type { OrgScope } from "../engine/org-scope";
import { ApiError, fail } from "../plugins/envelope";
import { liveConfigFrom, readGroupConfig } from "./group-config";
import { resolveStaff, type StaffMember } from "./live-staff";
import { checkAgainst } from "../plugins/schemas";
import { AUDITED_AS, auditedLive, findLive } from "./lives/records";
import { checkMaster, checkSubClass, subClassNameOf } from "./lives/sub-class";
import { coursewareFrom } from "./lives/courseware";

/** The body of POST /cms/live as live.create lets it through (2 §7 "Add live"). */
export interface LiveInput {
  courseid: number;
  title: string;
  begintime: string;
  endtime: string;
  teachers?: string;
  assistants?: string;
  detail?: string;
  masterid?: number;
  subClassName?: string;
  config?: string;
  emulateid?: number;
  /** The courseware, JSON text of `[{Id, Name}]` (services/lives/courseware.ts). */
  clouddiskfiles?: string;
}

/** The body of PATCH /cms/live as live.edit lets it through (2 §7 "Modify live"). */
export interface LiveChange {
  id: number;
  title: string;
  begintime: string;
  endtime: string;
  teachers?: string;
  assistants?: string;
  detail?: string;
  subClassName?: string;
  config?: string;
  clouddiskfiles?: string;
  /** -1 leaves the audience base as it is. */
  initnum?: number;
}

/** What a write answers: the live as the lists show it, with its audience base. */
export type WrittenLive = LiveRecord & { InitNum: number };

/** A simulated live's type (2 §4). */
const SIMULATED = 101;
/** Only a large class may be simulated (2 §4). */
const SIMULATED_COURSE_TYPE = 1;

/** The live type of a new live of a course of `courseType` (2 §4): the course's, double-teacher's 3 of the add flow stored as 5. */
export function liveTypeFor(courseType: number, simulated: boolean): number {
  if (simulated) return SIMULATED;
  return courseType === 3 ? 5 : courseType;
}

function timeOf(text: string, message: string, field: string): number {
  const ms = parseDateTime(text);
  if (ms === null) throw fail.bad(message, field);
  return ms;
}

/** The schema (live.create / live.edit) has checked order and span with the same reading; only unreal dates are left. */
function timesOf(input: { begintime: string; endtime: string }) {
  return { begin: timeOf(input.begintime, "开始时间格式不正确", "begintime"), end: timeOf(input.endtime, "结束时间格式不正确", "endtime") };
}

/** The live as written, read back through the scope as the lists read it (the write's transaction sees its own rows). */
export async function writtenLive(scope: OrgScope, id: number): Promise<WrittenLive> {
  const record = await findLive(scope, id);
  const { init_num } = await scope.selectFrom("lives").select("init_num").where("id", "=", id).executeTakeFirstOrThrow();
  return { ...record, InitNum: init_num };
}

/** Replaces a live's teachers and assistants, each list in its order (the first teacher is the main one). */
async function writeStaff(scope: OrgScope, liveId: number, role: "teacher" | "assistant", members: StaffMember[]) {
  // live_staff is a child of lives: `liveId` was read or written through the scope first.
  await scope.shared.deleteFrom("live_staff").where("live_id", "=", liveId).where("role", "=", role).execute();
  if (members.length) await scope.shared.insertInto("live_staff").values(members.map((m, position) => ({ live_id: liveId, identity_id: m.id, role, position }))).execute();
}

/** A course lives may be added to: this organisation's, marked valid and not past its expiry. */
async function courseFor(scope: OrgScope, id: number, now: number) {
  const course = await scope.selectFrom("courses").select(["id", "type", "status", "expire"]).where("id", "=", id).executeTakeFirst();
  if (!course) throw fail.notFound("课程");
  if (course.status !== 1 || course.expire <= now) throw new ApiError(1, "课程已失效，不能添加直播");
  return course;
}

/** A simulated live plays an active template of the organisation, in a large class only (2 §4). */
async function checkTemplate(scope: OrgScope, templateId: number, courseType: number) {
  if (courseType !== SIMULATED_COURSE_TYPE) throw fail.bad("只有大班课可以创建仿真直播", "emulateid");
  const template = await scope.selectFrom("emulate_templates").select("id").where("id", "=", templateId).where("voided", "=", 0).executeTakeFirst();
  if (!template) throw fail.bad("仿真直播模板不存在", "emulateid");
}

/**
 * Refuses a new live with 918 (2 §8, 2 §9 pay type) when the organisation cannot pay for it: paying
 * from the balance (pay type 1), at or below zero (当前余额不足，请尽快充值！); running in arrears,
 * at or below its arrears limit (您的账号欠费已达到最大额度限制，请及时充值！). Run inside the adding
 * transaction, the organisation's row locked on PostgreSQL (SQLite has one writer), so a balance
 * charged meanwhile is seen by the add that comes after it.
 */
async function checkBalance(tx: OrgScope) {
  let q = tx.shared.selectFrom("organisations").select(["balance_milli", "arrears_limit_milli", "pay_type"]).where("id", "=", tx.orgId);
  if (tx.dialect === "postgres") q = q.forUpdate();
  const org = await q.executeTakeFirstOrThrow();
  const balance = Number(org.balance_milli);
  if (org.pay_type === payTypes.balance) {
    if (balance <= 0) throw new ApiError(insufficientBalanceCode, liveMessages.insufficientBalance);
  } else if (balance <= -Number(org.arrears_limit_milli)) throw new ApiError(insufficientBalanceCode, liveMessages.arrearsLimit);
}

/**
 * Adds a live (2 §5, §7). Beyond the schema (title, times and their order and span): the course
 * is this organisation's and valid; the staff are its teachers and assistants; a sub-class names
 * a main classroom of its double-teacher course, within its times and by a name no other of its
 * sub-classes has (checked in the insert's transaction); a template makes a large class's live a
 * simulated one (type 101, for good); the config starts from the group's defaults, fixed settings
 * taking the group's value; the balance is checked in the insert's transaction.
 */
export async function addLive(scope: OrgScope, input: LiveInput): Promise<WrittenLive> {
  const now = Date.now();
  const { begin, end } = timesOf(input);
  const course = await courseFor(scope, input.courseid, now);
  const masterId = input.masterid ?? 0;
  const templateId = input.emulateid ?? 0;
  if (masterId > 0) await checkMaster(scope, masterId, course);
  if (templateId > 0) await checkTemplate(scope, templateId, course.type);
  const [teachers, assistants, group, courseware] = await Promise.all([
    resolveStaff(scope, input.teachers, "teacher"),
    resolveStaff(scope, input.assistants, "assistant"),
    readGroupConfig(scope),
    coursewareFrom(scope, input.clouddiskfiles),
  ]);
  const config = liveConfigFrom(group, input.config);
  const subClassName = masterId > 0 ? subClassNameOf(input.subClassName) : "";
  return scope.transaction(async (tx) => {
    await checkBalance(tx);
    if (masterId > 0) await checkSubClass(tx, { masterId, name: subClassName, begin, end });
    const { id } = await tx
      .insertInto("lives", {
        course_id: course.id,
        title: input.title.trim(),
        begin_time: begin,
        end_time: end,
        status: 0,
        scale: liveTypeFor(course.type, templateId > 0),
        voided: 0,
        detail: input.detail ?? "",
        master_id: masterId,
        created_at: now,
        updated_at: now,
        encrypt_room_id: randomBytes(16).toString("hex"),
        config: JSON.stringify(config),
        emulate_id: templateId,
        sub_class_name: subClassName,
        cloud_disk_files: courseware ?? "",
        share_guid: null,
        replay_guid: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeStaff(tx, id, "teacher", teachers);
    await writeStaff(tx, id, "assistant", assistants);
    const after = await writtenLive(tx, id);
    await recordAudit(tx, { resource: AUDITED_AS, recordId: id, action: "create", after: auditedLive(after, after.InitNum) });
    return after;
  });
}

const sameSecond = (a: number, b: number) => Math.floor(a / 1000) === Math.floor(b / 1000);

/**
 * A start may move only while the live has not begun (2 §4), and only where its picker offers it:
 * not earlier than a day before now (live-begin.def, which live.create holds an added live to).
 */
function checkMovedStart(begun: boolean, text: string) {
  if (begun) throw fail.bad("直播已开始，不能修改开始时间", "begintime");
  const problem = checkAgainst("live-begin.def", text);
  if (problem) throw fail.bad(problem.msg, "begintime");
}

/**
 * Changes a live (2 §5, §7): title, times, staff, description, a sub-class's name, config (the
 * group's fixed settings kept) and the audience base (-1: as it is). A voided live is not changed;
 * a live whose start has passed keeps its start (2 §4), a moved start is held to its picker's
 * range, a sub-class stays within its main classroom and keeps a name of its own under it; its
 * template and type never change.
 */
export async function changeLive(scope: OrgScope, change: LiveChange): Promise<WrittenLive> {
  const now = Date.now();
  const { begin, end } = timesOf(change);
  const [teachers, assistants, group, courseware] = await Promise.all([
    change.teachers === undefined ? undefined : resolveStaff(scope, change.teachers, "teacher"),
    change.assistants === undefined ? undefined : resolveStaff(scope, change.assistants, "assistant"),
    readGroupConfig(scope),
    coursewareFrom(scope, change.clouddiskfiles),
  ]);
  return scope.transaction(async (tx) => {
    const live = await tx.selectFrom("lives").selectAll().where("id", "=", change.id).executeTakeFirst();
    if (!live) throw fail.notFound("直播");
    if (live.voided) throw new ApiError(1, "该直播已作废，不能修改");
    if (!sameSecond(begin, live.begin_time)) checkMovedStart(live.begin_time <= now, change.begintime);
    const subClassName = live.master_id > 0 && change.subClassName !== undefined ? subClassNameOf(change.subClassName) : undefined;
    if (live.master_id > 0) await checkSubClass(tx, { masterId: live.master_id, name: subClassName ?? live.sub_class_name, begin, end, id: live.id });
    const before = await writtenLive(tx, live.id);
    const config = change.config === undefined ? undefined : liveConfigFrom(group, change.config, parseLiveConfig(live.config, group));
    await tx
      .updateTable("lives", {
        title: change.title.trim(),
        begin_time: begin,
        end_time: end,
        updated_at: now,
        ...(change.detail !== undefined ? { detail: change.detail } : {}),
        ...(config ? { config: JSON.stringify(config) } : {}),
        ...(subClassName !== undefined ? { sub_class_name: subClassName } : {}),
        ...(courseware !== undefined ? { cloud_disk_files: courseware } : {}),
        ...(change.initnum !== undefined && change.initnum >= 0 ? { init_num: change.initnum } : {}),
      })
      .where("id", "=", live.id)
      .execute();
    if (teachers) await writeStaff(tx, live.id, "teacher", teachers);
    if (assistants) await writeStaff(tx, live.id, "assistant", assistants);
    const after = await writtenLive(tx, live.id);
    await recordAudit(tx, { resource: AUDITED_AS, recordId: live.id, action: "update", before: auditedLive(before, before.InitNum), after: auditedLive(after, after.InitNum) });
    return after;
  });
}
