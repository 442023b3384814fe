import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceLists } from "../../../resources/billing/prices";
import { reminderConfigDefaults, reminderText, smsParts, type ReminderConfig } from "../../../resources/reminders/smart-reminder";
import { openDb, type Db } from "../../../server/db/database";
import { consumeRef, rateDay } from "../../../server/services/billing/rating";
import { sendDueReminders } from "../../../server/services/reminders/reminder-job";
import { enableService } from "../../../server/services/reminders/smart-service";
import { localDay } from "../../../server/services/stat-range";
import { seededDatabase } from "../../kernel/server/helpers";
import { freezeClock } from "../../kernel/support/clock";

// The lives below are placed on named days, after the service is enabled at this instant.
freezeClock("2026-11-24T10:00:00+08:00");

/**
 * The reminders really go out (issue 19 item 7): each due reminder once, at its offset before the
 * start or after the end, through the message adapter's outbox (SMS, or a voice call), never twice
 * (two runners at once, a moved live) nor for a voided or deleted live or an organisation whose
 * service is off; the rating job bills the day's sent SMS parts and call minutes. The job is run
 * with the instant as its argument, so it is frozen or moved on at will. On PostgreSQL the second
 * runner has its own pool, as a second server process would.
 */
const on = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const S = 1000;

let seeded: Awaited<ReturnType<typeof seededDatabase>>;
let db: Db;
let other: Db;
let school: number;
let second: number;
let teacher: { id: number; mobile: string };
let student: { id: number; mobile: string };
let course: number;

type Entry = { kind: string; mobile: string; purpose: string; code?: string; text: string };
const outbox = (): Entry[] => {
  const file = path.join(seeded.fresh.dataDir, "sms-outbox.jsonl");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((l) => JSON.parse(l) as Entry) : [];
};
const reminders = () => outbox().filter((e) => e.purpose === "reminder");
const run = (now: number, via: Db = db) => sendDueReminders(via, seeded.messages, now);

const identityOf = async (mobile: string, role: "teacher" | "student") => {
  const row = await db.kysely
    .selectFrom("identities as i")
    .innerJoin("persons as p", "p.id", "i.person_id")
    .select(["i.id", "p.mobile"])
    .where("p.mobile", "=", mobile)
    .where("i.role", "=", role)
    .where("i.org_id", "=", school)
    .executeTakeFirstOrThrow();
  return row;
};

/** A live of `org` with the demo teacher and student, beginning at `begin` for an hour. */
async function liveAt(begin: number, title = "提醒测试课", org = school) {
  const now = Date.now();
  const courseId = org === school ? course : (await db.kysely.insertInto("courses").values({ org_id: org, title: "别校课程", type: 1, max_user_num: 10, expire: begin + 86400_000, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow()).id;
  const { id } = await db.kysely
    .insertInto("lives")
    .values({ org_id: org, course_id: courseId, title, begin_time: begin, end_time: begin + 3600_000, scale: 1, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (org === school) {
    await db.kysely.insertInto("live_staff").values({ live_id: id, identity_id: teacher.id, role: "teacher" }).execute();
    await db.kysely.insertInto("live_students").values({ org_id: org, live_id: id, identity_id: student.id, created_at: now }).execute();
  } else {
    const theirs = await db.kysely.selectFrom("identities").select("id").where("org_id", "=", org).where("role", "=", "teacher").executeTakeFirstOrThrow();
    await db.kysely.insertInto("live_staff").values({ live_id: id, identity_id: theirs.id, role: "teacher" }).execute();
  }
  return id;
}

const configure = (org: number, config: Partial<ReminderConfig>) =>
  db.kysely.updateTable("smart_reminders").set({ config: JSON.stringify({ ...reminderConfigDefaults, ...config }) }).where("org_id", "=", org).execute();

beforeAll(async () => {
  seeded = await seededDatabase();
  db = seeded.db;
  other = seeded.fresh.url ? openDb({ databaseUrl: seeded.fresh.url, dataDir: seeded.fresh.dataDir, poolSize: 4 }) : db;
  const orgId = async (name: string) => (await db.kysely.selectFrom("organisations").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  school = await orgId("示例学校");
  second = await orgId("第二学校");
  teacher = await identityOf("13800000001", "teacher");
  student = await identityOf("13800000003", "student");
  const now = Date.now();
  // A course of its own, so the live's students are exactly the one added to it.
  course = (await db.kysely.insertInto("courses").values({ org_id: school, title: "提醒测试", type: 1, max_user_num: 10, expire: now + 365 * 86400_000, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow()).id;
  await enableService(db, school);
  await configure(school, { teacher: { before: 3600, after: 180 }, student: { before: 1800, after: 0 }, studentvoice: { before: 0, after: 300 } });
});
afterAll(async () => {
  if (other !== db) await other.close();
  await db.close();
  await seeded.fresh.drop();
});

describe(`sending the reminders (${on})`, () => {
  it("sends each one once at its offset: the teacher's SMS an hour before, the student's half an hour before, after the end 180 s and a voice call at 300 s", async () => {
    const begin = new Date("2026-12-10T19:00:00+08:00").getTime();
    const end = begin + 3600_000;
    const live = await liveAt(begin);
    const count = () => reminders().length;

    expect(await run(begin - 3600 * S - 1)).toEqual({ sent: 0, failed: 0 });
    expect(await run(begin - 3600 * S)).toEqual({ sent: 1, failed: 0 });
    const teacherSms = reminders().at(-1)!;
    expect(teacherSms).toMatchObject({ kind: "sms", mobile: teacher.mobile, purpose: "reminder", code: "", text: reminderText("teacher", "before", "示例学校", "提醒测试课", begin) });
    expect(await run(begin - 1801 * S)).toEqual({ sent: 0, failed: 0 });
    expect(await run(begin - 1800 * S)).toEqual({ sent: 1, failed: 0 });
    expect(reminders().at(-1)).toMatchObject({ kind: "sms", mobile: student.mobile, text: reminderText("student", "before", "示例学校", "提醒测试课", begin) });
    // Runs every minute until the start find nothing more; the start itself sends nothing.
    for (let t = begin - 1740 * S; t <= begin; t += 60 * S) expect((await run(t)).sent).toBe(0);

    expect((await run(end + 179 * S)).sent).toBe(0);
    expect(await run(end + 180 * S)).toEqual({ sent: 1, failed: 0 });
    expect(reminders().at(-1)).toMatchObject({ kind: "sms", mobile: teacher.mobile, text: reminderText("teacher", "after", "示例学校", "提醒测试课", begin) });
    expect((await run(end + 299 * S)).sent).toBe(0);
    expect(await run(end + 300 * S)).toEqual({ sent: 1, failed: 0 });
    expect(reminders().at(-1)).toMatchObject({ kind: "voice", mobile: student.mobile, purpose: "reminder" });
    for (const t of [end + 360 * S, end + 1800 * S, end + 3 * 3600 * S]) expect((await run(t)).sent).toBe(0);
    expect(count()).toBe(4);
    const rows = await db.kysely.selectFrom("reminder_sends").select(["grp", "phase", "channel"]).where("live_id", "=", live).orderBy("id").execute();
    expect(rows).toEqual([
      { grp: "teacher", phase: "before", channel: "sms" },
      { grp: "student", phase: "before", channel: "sms" },
      { grp: "teacher", phase: "after", channel: "sms" },
      { grp: "studentvoice", phase: "after", channel: "voice" },
    ]);
  });

  it("sends once when two runners find the same reminders due at once", async () => {
    const begin = new Date("2026-12-11T19:00:00+08:00").getTime();
    const live = await liveAt(begin);
    const before = reminders().length;
    const runs = await Promise.all([run(begin - 1700 * S, db), run(begin - 1700 * S, other), run(begin - 1700 * S, db), run(begin - 1700 * S, other)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(2);
    expect(reminders().length).toBe(before + 2);
    expect(await db.kysely.selectFrom("reminder_sends").select("identity_id").where("live_id", "=", live).execute()).toHaveLength(2);
  });

  it("reminds a moved live at its new time only, and not again once reminded", async () => {
    const begin = new Date("2026-12-12T19:00:00+08:00").getTime();
    const live = await liveAt(begin);
    const later = begin + 2 * 3600_000;
    await db.kysely.updateTable("lives").set({ begin_time: later, end_time: later + 3600_000 }).where("id", "=", live).execute();
    expect((await run(begin - 3600 * S)).sent).toBe(0);
    expect((await run(later - 3600 * S)).sent).toBe(1);
    expect(reminders().at(-1)!.text).toBe(reminderText("teacher", "before", "示例学校", "提醒测试课", later));
    // Moved again after its reminder went out: no second one.
    const again = later + 3600_000;
    await db.kysely.updateTable("lives").set({ begin_time: again, end_time: again + 3600_000 }).where("id", "=", live).execute();
    expect((await run(again - 3600 * S)).sent).toBe(0);
    expect((await run(again - 1800 * S)).sent).toBe(1);
  });

  it("reminds nobody of a voided or deleted live, nor for an organisation whose service is off", async () => {
    const begin = new Date("2026-12-13T19:00:00+08:00").getTime();
    const voided = await liveAt(begin);
    await db.kysely.updateTable("lives").set({ voided: 1 }).where("id", "=", voided).execute();
    const deleted = await liveAt(begin);
    await db.kysely.deleteFrom("live_staff").where("live_id", "=", deleted).execute();
    await db.kysely.deleteFrom("live_students").where("live_id", "=", deleted).execute();
    await db.kysely.deleteFrom("lives").where("id", "=", deleted).execute();
    // 第二学校 chose times but never enabled the service.
    await db.kysely.insertInto("smart_reminders").values({ org_id: second, config: JSON.stringify({ ...reminderConfigDefaults, teacher: { before: 3600, after: 60 } }), updated_at: Date.now() }).execute();
    await liveAt(begin, "别校直播", second);
    const before = reminders().length;
    for (const t of [begin - 3600 * S, begin - 1800 * S, begin + 3600_000 + 300 * S]) expect((await run(t)).sent).toBe(0);
    expect(reminders().length).toBe(before);
  });
});

describe(`billing the reminders (${on})`, () => {
  it("bills a 71-character SMS as 2 parts (0.20 yuan) and a call as a minute (0.15 yuan) in the day's rating, once", async () => {
    const begin = new Date("2026-12-20T19:00:00+08:00").getTime();
    const day = localDay(begin);
    // A title that makes the student's reminder exactly 71 characters long.
    const frame = [...reminderText("student", "before", "示例学校", "", begin)].length;
    const title = "长".repeat(71 - frame);
    const text = reminderText("student", "before", "示例学校", title, begin);
    expect([...text].length).toBe(71);
    expect(smsParts(text)).toBe(2);
    expect(smsParts(text.slice(0, 70))).toBe(1);

    await configure(school, { student: { before: 1800, after: 0 }, studentvoice: { before: 0, after: 300 } });
    await liveAt(begin, title);
    expect((await run(begin - 1800 * S)).sent).toBe(1);
    expect((await run(begin + 3600_000 + 300 * S)).sent).toBe(1);

    const after = begin + 2 * 86400_000;
    const rated = await rateDay(db, school, day, after);
    expect(rated?.usage).toMatchObject({ sms: 2, voicesms: 1 });
    const rows = await db.kysely.selectFrom("daily_consumption").select(["type", "value", "cost_milli"]).where("org_id", "=", school).where("day", "=", day).where("type", "in", ["sms", "voicesms"]).orderBy("type").execute();
    expect(rows).toEqual([
      { type: "sms", value: 2, cost_milli: 2 * priceLists.standard.sms.unitMilli },
      { type: "voicesms", value: 1, cost_milli: priceLists.standard.voicesms.unitMilli },
    ]);
    expect(rows.map((r) => r.cost_milli)).toEqual([200, 150]);
    const ledger = await db.kysely.selectFrom("ledger").select("amount_milli").where("org_id", "=", school).where("ref", "=", consumeRef(day)).execute();
    // The day's one consumption movement carries them beside the day's storage.
    expect(ledger).toEqual([{ amount_milli: -rated!.costMilli }]);
    expect(rated!.costMilli).toBeGreaterThanOrEqual(350);
    // Rated again: nothing more.
    expect(await rateDay(db, school, day, after)).toBeNull();
  });
});
