import { subClassCourseTypes } from "../../../resources/lives/live-api";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { formatDateTime } from "../datetime";

/** A sub-class named as another active one of its main classroom (issue 16: five Enters made five 三班). */
export const sameSubClassName = "该主教室下已有同名子班级";

/** A sub-class's name as stored: trimmed; a blank one is refused with the form's words. */
export function subClassNameOf(text: string | undefined): string {
  const name = (text ?? "").trim();
  if (!name) throw fail.bad("请填写班级名称", "subClassName");
  return name;
}

/** A sub-class's main classroom (2 §2): a live of the same double-teacher course that is itself no sub-class. */
export async function checkMaster(scope: OrgScope, masterId: number, course: { id: number; type: number }) {
  if (!subClassCourseTypes.includes(course.type)) throw fail.bad("该课程不能添加子教室", "masterid");
  const master = await scope.selectFrom("lives").select("id").where("id", "=", masterId).where("course_id", "=", course.id).where("voided", "=", 0).where("master_id", "=", 0).executeTakeFirst();
  if (!master) throw fail.bad("请选择主教室", "masterid");
}

export interface SubClassPlace {
  masterId: number;
  /** Trimmed. */
  name: string;
  begin: number;
  end: number;
  /** The sub-class changed, when it is a change: its own name is no clash. */
  id?: number;
}

/**
 * Holds a sub-class to its main classroom (2 §5), in the transaction of its write: its times within
 * the main classroom's, as its form takes them from it, and its name used by no other active
 * sub-class of it. The main classroom's row is locked first on PostgreSQL (SQLite has one writer),
 * so parallel adds and renames to one name are judged one after the other and only the first lands.
 */
export async function checkSubClass(tx: OrgScope, place: SubClassPlace) {
  let masterQuery = tx.selectFrom("lives").select(["begin_time", "end_time"]).where("id", "=", place.masterId);
  if (tx.dialect === "postgres") masterQuery = masterQuery.forUpdate();
  const master = await masterQuery.executeTakeFirst();
  if (!master) throw fail.bad("请选择主教室", "masterid");
  if (place.begin < master.begin_time || place.end > master.end_time)
    throw fail.bad(`子班级时间须在主教室时间（${formatDateTime(master.begin_time)} ~ ${formatDateTime(master.end_time)}）之内`, place.begin < master.begin_time ? "begintime" : "endtime");
  let namesake = tx.selectFrom("lives").select("id").where("master_id", "=", place.masterId).where("voided", "=", 0).where("sub_class_name", "=", place.name);
  if (place.id !== undefined) namesake = namesake.where("id", "!=", place.id);
  if (await namesake.executeTakeFirst()) throw fail.bad(sameSubClassName, "subClassName");
}
