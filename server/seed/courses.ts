import type { Insertable, Kysely, Transaction } from "kysely";
import type { Db } from "../db/database";
import type { AttendanceTable, Database } from "../db/schema";
import { startOfDay } from "../services/local-time";

/**
 * Demo courses, enrolments, lives and attendance (the spec's conventions "Demo data"): every course type,
 * some expired or invalid, one whose first live was in 2017; lives in every state (ended, today's
 * ended / in progress / upcoming, future, voided) taught by the demo teacher 13800000001 and
 * others; attendance live and replay in every check state, so the teacher and student detail
 * pages and the dashboard's course and live numbers have something to say. Deterministic for a
 * given clock and student count; written in a few batched statements.
 */

interface CourseSpec {
  title: string;
  type: number;
  maxUsers: number;
  /** Expiry in days from today; an absolute time for the historical course. */
  expireDays: number | Date;
  status?: 0 | 1;
  past: number;
  future: number;
  today?: "ended" | "live" | "upcoming";
  voided?: number;
  /** "demo" is 13800000001; a number picks one of the other teachers. */
  teacher: "demo" | number;
  /** "demo" is 13800000002; a number picks one of the other assistants. */
  assistant?: "demo" | number;
  /** A share of the organisation's students, or an exact number of them. */
  enrol: number;
  demoStudent?: boolean;
  /** Moves the weekly schedule further into the past (a course that ended before it expired). */
  shiftDays?: number;
  /** Lives at fixed times instead of the weekly schedule. */
  fixedLives?: Date[];
  detail?: string;
  creator?: "main" | "sub";
}

const sampleCourses: CourseSpec[] = [
  { title: "高一数学·函数专题", type: 1, maxUsers: 25, expireDays: 180, past: 6, future: 3, today: "live", voided: 1, teacher: "demo", assistant: "demo", enrol: 0.6, demoStudent: true, detail: "函数的概念、性质与图像，配套练习讲评。" },
  { title: "初二英语口语1对1", type: 0, maxUsers: 1, expireDays: 90, past: 4, future: 2, today: "upcoming", teacher: "demo", enrol: 0, demoStudent: true },
  { title: "小班物理实验课", type: 0, maxUsers: 6, expireDays: 120, past: 5, future: 2, teacher: 0, enrol: 5, demoStudent: true },
  { title: "公开课：如何高效学习", type: 2, maxUsers: 1, expireDays: 30, past: 1, future: 1, today: "ended", teacher: "demo", enrol: 1, demoStudent: true, creator: "sub" },
  { title: "双师语文阅读", type: 5, maxUsers: 25, expireDays: 200, past: 4, future: 4, teacher: 1, assistant: "demo", enrol: 0.4 },
  { title: "互动大班·化学提高", type: 6, maxUsers: 100, expireDays: 150, past: 5, future: 2, today: "ended", teacher: "demo", assistant: "demo", enrol: 0.5, demoStudent: true },
  { title: "融合课·编程入门", type: 7, maxUsers: 6, expireDays: 100, past: 3, future: 3, teacher: 2, enrol: 5, demoStudent: true, creator: "sub" },
  { title: "智慧教室·生物", type: 8, maxUsers: 1, expireDays: 60, past: 2, future: 1, teacher: 3, enrol: 0.3 },
  { title: "大班小课·历史", type: 18, maxUsers: 25, expireDays: 90, past: 3, future: 2, today: "upcoming", teacher: 4, assistant: 0, enrol: 0.5 },
  { title: "毕业设计答辩", type: 118, maxUsers: 1, expireDays: 20, past: 1, future: 1, teacher: "demo", enrol: 0.2 },
  { title: "仿真直播·招生宣讲", type: 101, maxUsers: 1, expireDays: 45, past: 2, future: 1, teacher: 5, enrol: 0.3 },
  { title: "录播·Excel从入门到精通", type: 200, maxUsers: 1, expireDays: 365, past: 0, future: 0, teacher: 6, enrol: 0.4, demoStudent: true },
  { title: "高考冲刺·英语", type: 1, maxUsers: 25, expireDays: -10, past: 8, future: 0, voided: 1, teacher: "demo", enrol: 0.7, demoStudent: true, shiftDays: 14, detail: "已结课，课程已过期。" },
  { title: "寒假数学营", type: 1, maxUsers: 25, expireDays: 30, status: 0, past: 3, future: 0, teacher: 6, enrol: 0.3, detail: "已停用。" },
  { title: "经典课程回顾", type: 1, maxUsers: 25, expireDays: new Date(2019, 0, 1), past: 0, future: 0, teacher: 7, enrol: 0.2, fixedLives: [new Date(2017, 8, 5, 19), new Date(2017, 9, 10, 19), new Date(2017, 10, 14, 19)], detail: "2017年的首期课程。" },
  { title: "少儿美术小班", type: 0, maxUsers: 6, expireDays: 60, past: 0, future: 4, teacher: "demo", enrol: 6 },
  { title: "暑期预科", type: 1, maxUsers: 25, expireDays: 240, past: 0, future: 0, teacher: 8, enrol: 0.1, detail: "待排课。" },
  { title: "互动大班·地理", type: 6, maxUsers: 50, expireDays: 80, past: 2, future: 2, voided: 2, teacher: 8, assistant: 1, enrol: 0.4 },
  { title: "双师数学思维", type: 5, maxUsers: 25, expireDays: 120, past: 3, future: 2, teacher: "demo", enrol: 0.5, demoStudent: true, creator: "sub" },
  { title: "大班课·物理竞赛", type: 1, maxUsers: 200, expireDays: 150, past: 4, future: 2, teacher: 9, assistant: 2, enrol: 0.6 },
];

const secondCourses: CourseSpec[] = [
  { title: "第二学校·语文大班", type: 1, maxUsers: 25, expireDays: 120, past: 3, future: 2, today: "upcoming", teacher: "demo", enrol: 0.5 },
  { title: "第二学校·数学小班", type: 0, maxUsers: 6, expireDays: 90, past: 2, future: 1, teacher: 0, enrol: 6 },
  { title: "第二学校·公开课", type: 2, maxUsers: 1, expireDays: 30, past: 0, future: 1, teacher: 1, enrol: 1 },
];

const DAY = 86_400_000;
const MINUTE = 60_000;

/** mulberry32: the same demo on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Many rows in few statements: 500 a statement stays far below either database's parameter limit. */
async function insertChunked<T extends keyof Database>(tx: Kysely<Database>, table: T, rows: Insertable<Database[T]>[], size = 500) {
  for (let i = 0; i < rows.length; i += size) await tx.insertInto(table).values(rows.slice(i, i + size) as never).execute();
}

interface Staff {
  id: number;
  mobile: string;
}

async function peopleOf(tx: Transaction<Database>, orgId: number, role: "teacher" | "assistant" | "student" | "admin" | "subadmin") {
  return (await tx
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["i.id", "i.name", "p.mobile"])
    .where("i.org_id", "=", orgId)
    .where("i.role", "=", role)
    .orderBy("i.id")
    .execute()) as (Staff & { name: string })[];
}

type Planned = { key: string; begin: number; end: number; status: number; voided: number };

/** The lives of one course: weekly in the past and future, today's as asked, some voided. */
function planLives(spec: CourseSpec, index: number, now: number): Planned[] {
  const today = startOfDay(now);
  const hour = index % 2 === 0 ? 19 : 10;
  const minutes = [60, 90, 120][index % 3];
  const at = (day: number) => today + day * DAY + hour * 3600_000;
  const lives: Planned[] = [];
  const add = (begin: number, end: number, status: number, voided = 0) => lives.push({ key: "", begin, end, status, voided });
  for (const fixed of spec.fixedLives ?? []) add(fixed.getTime(), fixed.getTime() + minutes * MINUTE, 2);
  for (let i = 0; i < spec.past; i++) {
    const begin = at(-7 * (spec.past - i) + (index % 5) - (spec.shiftDays ?? 0));
    add(begin, begin + minutes * MINUTE, 2);
  }
  for (let i = 0; i < spec.future; i++) {
    const begin = at(7 * (i + 1) - (index % 5));
    add(begin, begin + minutes * MINUTE, 0);
  }
  // Today's lives stay inside today whatever the clock says.
  const sinceMidnight = now - today;
  const untilMidnight = today + DAY - 1 - now;
  if (spec.today === "ended") add(today + Math.floor(sinceMidnight * 0.1), today + Math.floor(sinceMidnight * 0.4), 2);
  if (spec.today === "live") add(Math.max(today, now - 40 * MINUTE), Math.min(today + DAY - 1000, now + 50 * MINUTE), 1);
  if (spec.today === "upcoming") add(now + Math.floor(untilMidnight * 0.5), now + Math.floor(untilMidnight * 0.9), 0);
  // Voided: alternately one that was to be held last week and one planned for next month.
  for (let i = 0; i < (spec.voided ?? 0); i++) {
    const begin = at(i % 2 === 0 ? -5 - (index % 3) : 30 + index);
    add(begin, begin + minutes * MINUTE, 0, 1);
  }
  return lives.sort((a, b) => a.begin - b.begin).map((l, i) => ({ ...l, key: `第${i + 1}讲` }));
}

const studentStates = ["do", "do", "late", "do", "leaveearly", "do", "undo"] as const;
const teacherStates = ["do", "do", "late", "do", "do", "leaveearly"] as const;

async function seedOrganisation(tx: Transaction<Database>, orgName: string, specs: CourseSpec[], demo: { teacher?: string; assistant?: string; student?: string }, now: number, random: () => number) {
  const org = await tx.selectFrom("organisations").select("id").where("name", "=", orgName).executeTakeFirst();
  if (!org) return;
  const [teachers, assistants, students, admins, subadmins] = await Promise.all(
    (["teacher", "assistant", "student", "admin", "subadmin"] as const).map((role) => peopleOf(tx, org.id, role)),
  );
  const demoTeacher = teachers.find((t) => t.mobile === demo.teacher);
  const otherTeachers = teachers.filter((t) => t !== demoTeacher);
  const demoAssistant = assistants.find((a) => a.mobile === demo.assistant);
  const otherAssistants = assistants.filter((a) => a !== demoAssistant);
  const demoStudent = students.find((s) => s.mobile === demo.student);
  const otherStudents = students.filter((s) => s !== demoStudent);
  const mainAdmin = admins[0]?.name ?? "";
  // The sub-admin that may create courses (13800000009 holds courseop; 13800000004 does not).
  const courseSubadmin = subadmins.find((s) => s.mobile === "13800000009")?.name ?? mainAdmin;
  const pick = <T,>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);

  const created = now - 120 * DAY;
  const courses = specs.map((spec, i) => ({
    org_id: org.id,
    title: spec.title,
    type: spec.type,
    max_user_num: spec.maxUsers,
    expire: spec.expireDays instanceof Date ? spec.expireDays.getTime() : startOfDay(now) + spec.expireDays * DAY + DAY - 1000,
    headimg: "",
    detail: spec.detail ?? "",
    status: spec.status ?? 1,
    create_user: spec.creator === "sub" ? courseSubadmin : mainAdmin,
    created_at: spec.fixedLives ? spec.fixedLives[0].getTime() - 30 * DAY : created + i * 3600_000,
    updated_at: created + i * 3600_000 + 7 * DAY,
  }));
  await insertChunked(tx, "courses", courses);
  const courseIds = new Map(
    (await tx.selectFrom("courses").select(["id", "title"]).where("org_id", "=", org.id).execute()).map((c) => [c.title, c.id]),
  );

  const enrolled = new Map<number, Staff[]>();
  const enrolments: { course_id: number; identity_id: number; created_at: number }[] = [];
  specs.forEach((spec, i) => {
    const courseId = courseIds.get(spec.title)!;
    const list: Staff[] = spec.demoStudent && demoStudent ? [demoStudent] : [];
    if (spec.enrol >= 1) for (let k = 0; k < Math.min(spec.enrol, otherStudents.length); k++) list.push(otherStudents[(i * 7 + k) % otherStudents.length]);
    else for (const s of otherStudents) if (random() < spec.enrol) list.push(s);
    const unique = [...new Map(list.map((s) => [s.id, s])).values()];
    enrolled.set(courseId, unique);
    unique.forEach((s, k) => enrolments.push({ course_id: courseId, identity_id: s.id, created_at: courses[i].created_at + (k + 1) * MINUTE }));
  });
  await insertChunked(tx, "course_students", enrolments);

  const planned = specs.map((spec, i) => ({ spec, courseId: courseIds.get(spec.title)!, lives: planLives(spec, i, now) }));
  // Room ids draw from their own sequence, so the attendance drawn below stays as it was.
  const rooms = prng(0x726f6f6d + org.id);
  const liveRows = planned.flatMap(({ spec, courseId, lives }) =>
    lives.map((l, k) => ({
      org_id: org.id,
      course_id: courseId,
      title: `${spec.title}${l.key}`,
      begin_time: l.begin,
      end_time: l.end,
      status: l.status,
      scale: spec.type,
      voided: l.voided,
      detail: "",
      master_id: 0,
      encrypt_room_id: roomId(rooms),
      // A few lives show a larger audience than those present (2 §7 audience base).
      init_num: k % 4 === 1 ? 100 * (1 + (k % 5)) : 0,
      created_at: Math.min(l.begin - 7 * DAY, now),
      updated_at: Math.min(l.begin - 7 * DAY, now),
    })),
  );
  await insertChunked(tx, "lives", liveRows);
  const liveIds = new Map(
    (await tx.selectFrom("lives").select(["id", "title"]).where("org_id", "=", org.id).execute()).map((l) => [l.title, l.id]),
  );

  // Double-teacher courses: the main classrooms still to be held, and the last one held, teach two
  // sub-classes each (2 §2 sub-classroom list), which split the course's students between them.
  const subClasses = planned.flatMap(({ spec, courseId, lives }) => {
    if (spec.type !== 5) return [];
    const held = lives.filter((l) => !l.voided && l.status === 2).at(-1);
    return lives
      .filter((l) => !l.voided && (l.status !== 2 || l === held))
      .flatMap((l) =>
        subClassNames.map((name, n) => ({
          courseId,
          n,
          row: {
            org_id: org.id,
            course_id: courseId,
            title: `${spec.title}${l.key}（${name}）`,
            begin_time: l.begin,
            end_time: l.end,
            status: l.status,
            scale: spec.type,
            voided: 0,
            detail: "",
            master_id: liveIds.get(`${spec.title}${l.key}`)!,
            encrypt_room_id: roomId(rooms),
            sub_class_name: name,
            created_at: Math.min(l.begin - 7 * DAY, now),
            updated_at: Math.min(l.begin - 7 * DAY, now),
          },
        })),
      );
  });
  await insertChunked(tx, "lives", subClasses.map((c) => c.row));
  const subIds = new Map(
    (await tx.selectFrom("lives").select(["id", "title"]).where("org_id", "=", org.id).where("master_id", "<>", 0).execute()).map((l) => [l.title, l.id]),
  );

  const staff: { live_id: number; identity_id: number; role: "teacher" | "assistant"; position: number }[] = [];
  const attendance: Insertable<AttendanceTable>[] = [];
  let demoStudentTurn = 0;
  let demoTeacherTurn = 0;
  for (const { spec, courseId, lives } of planned) {
    const teacher = spec.teacher === "demo" ? (demoTeacher ?? otherTeachers[0]) : pick(otherTeachers, spec.teacher);
    const assistant = spec.assistant === undefined ? undefined : spec.assistant === "demo" ? (demoAssistant ?? otherAssistants[0]) : pick(otherAssistants, spec.assistant);
    for (const live of lives) {
      const liveId = liveIds.get(`${spec.title}${live.key}`)!;
      if (teacher) staff.push({ live_id: liveId, identity_id: teacher.id, role: "teacher", position: 0 });
      if (assistant) staff.push({ live_id: liveId, identity_id: assistant.id, role: "assistant", position: 0 });
      if (live.voided || live.status === 0) continue;
      const held = (live.status === 2 ? live.end : now) - live.begin;
      const seconds = (share: number) => Math.max(1, Math.floor((held * share) / 1000));
      for (const person of [teacher, assistant]) {
        if (!person) continue;
        const state = person === demoTeacher ? teacherStates[demoTeacherTurn++ % teacherStates.length] : random() < 0.85 ? "do" : random() < 0.5 ? "late" : "leaveearly";
        const share = state === "do" ? 1 : state === "late" ? 0.85 : 0.7;
        attendance.push({ live_id: liveId, identity_id: person.id, play_type: 1, online_seconds: seconds(share), check_state: state, joined_at: live.begin + (state === "late" ? 10 * MINUTE : 0) });
      }
      for (const student of enrolled.get(courseId) ?? []) {
        const r = random();
        const state =
          student === demoStudent ? studentStates[demoStudentTurn++ % studentStates.length] : r < 0.6 ? "do" : r < 0.72 ? "late" : r < 0.82 ? "leaveearly" : "undo";
        // Someone not (yet) there while the live is on has no row yet.
        if (live.status === 1 && state === "undo") continue;
        const share = { do: 0.85 + random() * 0.15, late: 0.6 + random() * 0.2, leaveearly: 0.3 + random() * 0.3, undo: 0 }[state];
        attendance.push({
          live_id: liveId,
          identity_id: student.id,
          play_type: 1,
          online_seconds: state === "undo" ? 0 : seconds(share),
          check_state: state,
          joined_at: live.begin + (state === "late" ? Math.floor(5 + random() * 15) * MINUTE : Math.floor(random() * 3) * MINUTE),
        });
        // Replays: most of those who missed it, a few of the others, once the live is over.
        const watchedAt = live.end + Math.floor(1 + random() * 40) * 3600_000;
        if (live.status === 2 && watchedAt < now && (state === "undo" ? random() < 0.6 : random() < 0.15))
          attendance.push({ live_id: liveId, identity_id: student.id, play_type: 2, online_seconds: seconds(0.3 + random() * 0.7), check_state: "do", joined_at: watchedAt });
      }
    }
  }
  const admitted: { org_id: number; live_id: number; identity_id: number; created_at: number }[] = [];
  for (const { spec, courseId, lives } of planned) {
    const students = enrolled.get(courseId) ?? [];
    for (const live of lives) {
      const liveId = liveIds.get(`${spec.title}${live.key}`)!;
      for (const s of students) admitted.push({ org_id: org.id, live_id: liveId, identity_id: s.id, created_at: Math.min(live.begin - 7 * DAY, now) });
    }
  }
  for (const c of subClasses) {
    const subId = subIds.get(c.row.title)!;
    const masterId = c.row.master_id;
    for (const member of staff.filter((m) => m.live_id === masterId)) staff.push({ ...member, live_id: subId });
    const students = enrolled.get(c.courseId) ?? [];
    students.forEach((s, k) => {
      if (k % subClassNames.length === c.n) admitted.push({ org_id: org.id, live_id: subId, identity_id: s.id, created_at: c.row.created_at });
    });
  }
  await insertChunked(tx, "live_staff", staff);
  await insertChunked(tx, "attendance", attendance);
  await insertChunked(tx, "live_students", admitted);
}

const subClassNames = ["一班", "二班"];

/** An opaque room id of 32 hex characters (migration 0016), from the seed's own random numbers. */
const roomId = (random: () => number) =>
  Array.from({ length: 4 }, () => Math.floor(random() * 2 ** 32).toString(16).padStart(8, "0")).join("");

export async function seedCourses(db: Db, now = Date.now()): Promise<void> {
  const random = prng(20240901);
  await db.kysely.transaction().execute(async (tx) => {
    await seedOrganisation(tx, "示例学校", sampleCourses, { teacher: "13800000001", assistant: "13800000002", student: "13800000003" }, now, random);
    await seedOrganisation(tx, "第二学校", secondCourses, { teacher: "13800000009" }, now, random);
  });
}
