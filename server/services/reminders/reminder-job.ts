import {
  groupChannels,
  reminderConfigDefaults,
  reminderGroups,
  reminderPhases,
  reminderText,
  smsParts,
  VOICE_MINUTES_PER_CALL,
  type ReminderConfig,
  type ReminderGroup,
  type ReminderPhase,
} from "../../../resources/reminders/smart-reminder";
import type { MessageAdapter } from "../../adapters/sms";
import type { Db } from "../../db/database";
import { startPeriodic, type PeriodicHost } from "../../engine/job-lease";
import { nextTurn } from "../yielding";

/**
 * The smart reminders' job (issue 19 item 7, 3 §2.7): every minute, once across the processes, for
 * each organisation whose service is on, the reminders its times make due are claimed and sent.
 *
 * - before: `before` seconds ahead of a live's start, until it starts (a live added late still
 *   gets its reminder, at once);
 * - after: `after` seconds past its end, for an hour (a run missed by a restart is made up; a day
 *   late is no reminder).
 *
 * The live's current times are read on every run, so a moved live reminds at its new time; a
 * voided or deleted live is not found, so it reminds nobody. Each reminder is claimed by inserting
 * its row, unique per (live, person, group, before/after): of two runners (two processes whose lease
 * overlapped a slow run) only the one whose insert went in sends, and a live moved after its reminder
 * went out is not reminded again. A claimed reminder is sent through the message adapter (the outbox
 * in development: `kind` sms, or voice for a call) and marked sent; the rating job bills the day's
 * sent reminders (SMS by parts, calls by minutes). A send that fails stays claimed and unbilled: a
 * reminder is sent at most once, never twice.
 */

/** Seconds, as the config holds them, in milliseconds. */
const S = 1000;
/** How late an after-reminder may still go out. */
const AFTER_GRACE_MS = 3600_000;
const MINUTE = 60_000;

interface DueLive {
  id: number;
  course_id: number;
  title: string;
  begin_time: number;
}

/** The stored config over the defaults; anything unreadable reads as no reminder. */
export function configOf(text: string): ReminderConfig {
  let stored: Record<string, Record<string, unknown>> = {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === "object") stored = value as typeof stored;
  } catch {
    // A broken text sends nothing rather than stopping every organisation's reminders.
  }
  const times = (group: ReminderGroup, phase: ReminderPhase) => {
    const n = Number(stored[group]?.[phase] ?? reminderConfigDefaults[group][phase]);
    return Number.isInteger(n) && n > 0 ? n : 0;
  };
  return Object.fromEntries(reminderGroups.map((g) => [g, { before: times(g, "before"), after: times(g, "after") }])) as ReminderConfig;
}

/** The lives of `orgId` whose `phase` reminder `seconds` away is due at `now`. */
function dueLives(db: Db, orgId: number, phase: ReminderPhase, seconds: number, now: number): Promise<DueLive[]> {
  const q = db.kysely.selectFrom("lives").select(["id", "course_id", "title", "begin_time"]).where("org_id", "=", orgId).where("voided", "=", 0);
  const due =
    phase === "before"
      ? q.where("begin_time", ">", now).where("begin_time", "<=", now + seconds * S)
      : q.where("end_time", "<=", now - seconds * S).where("end_time", ">", now - seconds * S - AFTER_GRACE_MS);
  return due.execute();
}

/** The people a group reminds of a live, with their mobiles: its teachers, or its students (the live's own and its course's). */
function recipients(db: Db, orgId: number, live: DueLive, role: "teacher" | "student") {
  const k = db.kysely;
  const people = k.selectFrom("identities as i").innerJoin("persons as p", "p.id", "i.person_id").select(["i.id as identity_id", "p.mobile"]).where("i.org_id", "=", orgId);
  if (role === "teacher") {
    return people.where("i.id", "in", k.selectFrom("live_staff").select("identity_id").where("live_id", "=", live.id).where("role", "=", "teacher")).execute();
  }
  return people
    .where("i.role", "=", "student")
    .where((eb) =>
      eb.or([
        eb("i.id", "in", k.selectFrom("live_students").select("identity_id").where("org_id", "=", orgId).where("live_id", "=", live.id)),
        eb("i.id", "in", k.selectFrom("course_students").select("identity_id").where("course_id", "=", live.course_id)),
      ]),
    )
    .execute();
}

export interface ReminderRun {
  /** Reminders this run claimed and the adapter took. */
  sent: number;
  /** Claimed but refused by the adapter (not billed, not sent again). */
  failed: number;
}

/** Sends one organisation's due reminders. */
async function remindOrganisation(db: Db, messages: MessageAdapter, org: { org_id: number; config: string; name: string }, now: number, run: ReminderRun) {
  const config = configOf(org.config);
  for (const group of reminderGroups) {
    const { role, channel } = groupChannels[group];
    for (const phase of reminderPhases) {
      const seconds = config[group][phase];
      if (!seconds) continue;
      for (const live of await dueLives(db, org.org_id, phase, seconds, now)) {
        const people = await recipients(db, org.org_id, live, role);
        if (people.length === 0) continue;
        const text = reminderText(role, phase, org.name, live.title, Number(live.begin_time));
        const units = channel === "sms" ? smsParts(text) : VOICE_MINUTES_PER_CALL;
        const claimed = await db.kysely
          .insertInto("reminder_sends")
          .values(people.map((p) => ({ org_id: org.org_id, live_id: live.id, identity_id: p.identity_id, grp: group, phase, channel, mobile: p.mobile, text, units, claimed_at: now })))
          .onConflict((oc) => oc.columns(["live_id", "identity_id", "grp", "phase"]).doNothing())
          .returning(["id", "mobile"])
          .execute();
        for (const claim of claimed) {
          try {
            await (channel === "sms" ? messages.sendNotice(claim.mobile, "reminder", text) : messages.placeCall(claim.mobile, "reminder", text));
          } catch {
            run.failed++;
            continue;
          }
          await db.kysely.updateTable("reminder_sends").set({ sent_at: now }).where("id", "=", claim.id).execute();
          run.sent++;
        }
      }
    }
  }
}

/** One run over every organisation whose service is on at `now`, one at a time, yielding between them. */
export async function sendDueReminders(db: Db, messages: MessageAdapter, now = Date.now()): Promise<ReminderRun> {
  const services = await db.kysely
    .selectFrom("smart_reminders as s")
    .innerJoin("organisations as o", "o.id", "s.org_id")
    .select(["s.org_id", "s.config", "o.name"])
    .where("s.paid_until", ">", now)
    .orderBy("s.org_id")
    .execute();
  const run: ReminderRun = { sent: 0, failed: 0 };
  for (const org of services) {
    await remindOrganisation(db, messages, org, now, run);
    await nextTurn();
  }
  return run;
}

/** Every minute, once across the processes (the job's lease): a reminder goes out within a minute of its time. */
export function startReminders(app: PeriodicHost, db: Db, messages: MessageAdapter, everyMs = MINUTE) {
  startPeriodic(app, db, "smart-reminders", everyMs, (now) => sendDueReminders(db, messages, now));
}
