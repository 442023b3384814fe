import type { Db } from "../../../server/db/database";
import { caller } from "../../courses/server/courses-helpers";
import { startSignedIn } from "../../kernel/server/helpers";
import { formatDateTime } from "../../../server/services/datetime";

export const HOUR = 3_600_000;
export const DAY = 86_400_000;

/** 'YYYY-MM-DD HH:mm:ss' of an epoch ms, whole seconds (the wire's resolution). */
export const at = (ms: number) => formatDateTime(Math.floor(ms / 1000) * 1000);

/** A start far enough ahead that nothing of the demo overlaps it, at a whole hour. */
export const quietStart = () => Math.ceil((Date.now() + 400 * DAY) / HOUR) * HOUR;

/** The people and courses of the demo the live tests name. */
export async function demo(db: Db) {
  const k = db.kysely;
  const orgOf = async (name: string) => (await k.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  const [school, second] = [await orgOf("示例学校"), await orgOf("第二学校")];
  const identity = async (mobile: string, org: number, role: "teacher" | "assistant" | "student") =>
    (
      await k
        .selectFrom("identities as i")
        .innerJoin("persons as p", "p.id", "i.person_id")
        .select(["i.id", "i.name"])
        .where("p.mobile", "=", mobile)
        .where("i.org_id", "=", org)
        .where("i.role", "=", role)
        .executeTakeFirstOrThrow()
    );
  const staffOf = async (org: number, role: "teacher" | "assistant") =>
    k.selectFrom("identities").select(["id", "name"]).where("org_id", "=", org).where("role", "=", role).orderBy("id").execute();
  const course = async (title: string) => (await k.selectFrom("courses").select(["id", "type"]).where("title", "=", title).executeTakeFirstOrThrow());
  return {
    school,
    second,
    teacher: await identity("13800000001", school, "teacher"),
    assistant: await identity("13800000002", school, "assistant"),
    student: await identity("13800000003", school, "student"),
    teachers: await staffOf(school, "teacher"),
    assistants: await staffOf(school, "assistant"),
    otherTeacher: await identity("13800000009", second, "teacher"),
    largeClass: await course("高一数学·函数专题"),
    doubleTeacher: await course("双师语文阅读"),
    smallClass: await course("小班物理实验课"),
    expired: await course("高考冲刺·英语"),
    otherCourse: await course("第二学校·语文大班"),
  };
}

/** The JSON text the forms send for picked people. */
export const staff = (...people: { id: number; name: string }[]) => JSON.stringify(people.map((p) => ({ account: p.id, name: p.name })));

export type Demo = Awaited<ReturnType<typeof demo>>;

/** A server signed in as the demo admin, the demo's people and courses, and a start at a quiet hour. */
export async function startLiveWrites() {
  const { s, admin } = await startSignedIn();
  return { s, admin, api: caller(s.app), d: await demo(s.db), start: quietStart() };
}

/** The body of a one-hour live of the large class from `start`, taught by the demo's teacher and assistant. */
export const liveBody = (d: Demo, start: number, extra: Record<string, unknown> = {}) => ({
  courseid: d.largeClass.id,
  title: "函数的单调性",
  begintime: at(start),
  endtime: at(start + HOUR),
  teachers: staff(d.teacher),
  assistants: staff(d.assistant),
  detail: "",
  config: "{}",
  emulateid: 0,
  ...extra,
});
