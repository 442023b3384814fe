import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { roomLimits } from "../../../resources/rooms/room-api";
import type { Db } from "../../db/database";
import { runOnce } from "../../engine/job-lease";
import { attendanceOf, attendingRoles } from "./attendance";
import type { BusEvent } from "./bus";
import { sampleConcurrency } from "./concurrency";
import { STALE_MS } from "./presence";

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Lives ended longer ago than this are left as they are (a server down for a week is a reinstall). */
const LOOK_BACK_MS = 7 * DAY;
const HEARTBEAT_MS = 30_000;
const RELAY_KEEP_MS = 5 * MINUTE;

/**
 * The rooms' background work. It spans organisations and is no request handler, so it reads the
 * database directly, like the cleanup job. The heartbeat is each process's own; the minute's work
 * runs once a period across processes (its lease), and each of its steps is idempotent and
 * conditional besides, so a run that outlasts its period and meets the next does no harm.
 */

/** This process is alive: its open visits are touched, so no other process takes them for a dead one's. */
export async function touchVisits(db: Db, node: string, now: number): Promise<void> {
  await db.kysely.updateTable("room_visits").set({ seen_at: now }).where("node", "=", node).where("left_at", "is", null).execute();
}

/**
 * Closes the visits of processes that are gone (not touched for STALE_MS) at their last sign of
 * life, recomputes those people's attendance, and answers the leave events to send.
 */
export async function sweepStaleVisits(db: Db, now: number): Promise<BusEvent[]> {
  const k = db.kysely;
  const stale = await k
    .selectFrom("room_visits")
    .select(["id", "conn", "live_id", "identity_id", "viewer_key", "role", "play_type", "entered_at", "seen_at"])
    .where("left_at", "is", null)
    .where("seen_at", "<", now - STALE_MS)
    .limit(1000)
    .execute();
  const events: BusEvent[] = [];
  for (const v of stale) {
    const closed = await k
      .updateTable("room_visits")
      .set({ left_at: v.seen_at, duration_seconds: Math.max(0, Math.floor((v.seen_at - v.entered_at) / 1000)) })
      .where("id", "=", v.id)
      .where("left_at", "is", null)
      .executeTakeFirst();
    if (!Number(closed.numUpdatedRows)) continue;
    if (v.play_type === 1) events.push({ k: "leave", live: v.live_id, conn: v.conn });
    if (v.identity_id && attendingRoles.includes(v.role)) await recomputeAttendance(db, v.live_id, v.identity_id, v.viewer_key, v.play_type as 1 | 2, now);
  }
  return events;
}

async function recomputeAttendance(db: Db, liveId: number, identityId: number, key: string, playType: 1 | 2, now: number) {
  const k = db.kysely;
  const live = await k.selectFrom("lives").select(["begin_time", "end_time"]).where("id", "=", liveId).executeTakeFirst();
  const visits = await k.selectFrom("room_visits").select(["entered_at", "left_at"]).where("live_id", "=", liveId).where("viewer_key", "=", key).where("play_type", "=", playType).execute();
  if (!live || !visits.length) return;
  const figures = attendanceOf(visits, live, playType, now);
  await k
    .insertInto("attendance")
    .values({ live_id: liveId, identity_id: identityId, play_type: playType, ...figures })
    .onConflict((oc) => oc.columns(["live_id", "identity_id", "play_type"]).doUpdateSet({ check_state: figures.check_state, online_seconds: figures.online_seconds }))
    .execute();
}

/**
 * LiveState by the clock (2 §4): a live is in progress from its start and ended from its end. Only
 * lives near now are looked at (a live spans at most a day); voided lives keep their state.
 */
export async function advanceLiveStates(db: Db, now: number): Promise<void> {
  const k = db.kysely;
  await k.updateTable("lives").set({ status: 2 }).where("end_time", "<=", now).where("end_time", ">", now - LOOK_BACK_MS).where("status", "<>", 2).where("voided", "=", 0).execute();
  await k
    .updateTable("lives")
    .set({ status: 1 })
    .where("end_time", ">", now)
    .where("end_time", "<=", now + DAY + 1000)
    .where("begin_time", "<=", now)
    .where("status", "=", 0)
    .where("voided", "=", 0)
    .execute();
}

/**
 * Absent people of ended lives (2 §9: absent), once per live: each student of the live or of its
 * course and each of its teachers without a live attendance gets one as undo. The insert skips who
 * has one and the closing row is written in the same transaction, so running it twice, or in two
 * processes at once, records nobody twice.
 */
export async function closeEndedLives(db: Db, now: number, batch = 20): Promise<number[]> {
  const lives = await db.kysely
    .selectFrom("lives as l")
    .select(["l.id", "l.course_id", "l.end_time"])
    .where("l.end_time", "<=", now)
    .where("l.end_time", ">", now - LOOK_BACK_MS)
    .where("l.voided", "=", 0)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("live_closings as c").select("c.live_id").whereRef("c.live_id", "=", "l.id"))))
    .orderBy("l.end_time")
    .limit(batch)
    .execute();
  for (const live of lives)
    await db.kysely.transaction().execute(async (tx) => {
      const people = tx
        .selectFrom("live_students")
        .select("identity_id")
        .where("live_id", "=", live.id)
        .union(tx.selectFrom("course_students").select("identity_id").where("course_id", "=", live.course_id))
        .union(tx.selectFrom("live_staff").select("identity_id").where("live_id", "=", live.id).where("role", "=", "teacher"));
      await tx
        .insertInto("attendance")
        .columns(["live_id", "identity_id", "play_type", "online_seconds", "check_state", "joined_at"])
        .expression(
          tx
            .selectFrom(people.as("p"))
            .select([sql.lit(live.id).as("live_id"), "p.identity_id", sql.lit(1).as("play_type"), sql.lit(0).as("online_seconds"), sql.lit("undo").as("check_state"), sql.lit(live.end_time).as("joined_at")])
            .where((eb) =>
              eb.not(eb.exists(eb.selectFrom("attendance as a").select("a.id").where("a.live_id", "=", live.id).whereRef("a.identity_id", "=", "p.identity_id").where("a.play_type", "=", 1))),
            ),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
      await tx.insertInto("live_closings").values({ live_id: live.id, closed_at: now }).onConflict((oc) => oc.doNothing()).execute();
    });
  return lives.map((l) => l.id);
}

/** Relayed events nobody needs any more, and share-link windows (wrong answers, tokens given) that are over. */
export async function tidyRooms(db: Db, now: number): Promise<void> {
  await db.kysely.deleteFrom("room_relay").where("created_at", "<", now - RELAY_KEEP_MS).execute();
  await db.kysely.deleteFrom("room_share_tries").where("window_started_at", "<", now - roomLimits.shareWindowMs).execute();
  await db.kysely.deleteFrom("room_guest_passes").where("window_started_at", "<", now - roomLimits.guestPassWindowMs).execute();
}

export interface RoomJobs {
  db: Db;
  node: string;
  /** How often the minute's work runs: a minute, or less (config roomJobsMs). */
  periodMs: number;
  publish: (event: BusEvent) => Promise<void>;
}

/**
 * Runs the heartbeat every 30 s and the minute's work at the start of each period (a minute unless
 * configured shorter) while `app` is up; a run never overlaps the previous one, and a failure waits
 * for the next.
 *
 * The heartbeat stays in every process: it says this process (`node`) is alive by touching its own
 * open visits, which no other process can say for it; were it run once across processes, the
 * others' visits would go stale and be closed as a dead process's. The minute's work is about every
 * organisation's rooms, not this process's: closing dead processes' visits (and announcing their
 * leaving on the shared bus), the concurrency figures, live states, absents and the tidying of relay
 * and share-link rows. It runs once a period across the processes, under the lease "rooms.minute".
 */
export function startRoomJobs(app: FastifyInstance, jobs: RoomJobs): void {
  const { db, node } = jobs;
  let beat: NodeJS.Timeout | undefined;
  let minute: NodeJS.Timeout | undefined;
  // One run of each kind at a time: the heartbeat never makes a minute's sample wait for the next.
  const running = new Map<string, Promise<unknown>>();
  const once = (kind: string, work: () => Promise<unknown>) => {
    if (running.has(kind)) return;
    running.set(
      kind,
      work()
        .catch((err) => app.log.warn({ err }, "room job failed; the next run tries again"))
        .finally(() => running.delete(kind)),
    );
  };
  const minuteWork = async (now: number) => {
    for (const event of await sweepStaleVisits(db, now)) await jobs.publish(event);
    await sampleConcurrency(db, now);
    await advanceLiveStates(db, now);
    await closeEndedLives(db, now);
    await tidyRooms(db, now);
  };
  const nextMinute = () => {
    // A second into the period, so every process samples the same minute.
    minute = setTimeout(() => {
      const now = Date.now();
      once("minute", () => runOnce(db, "rooms.minute", node, jobs.periodMs, () => minuteWork(now), now));
      nextMinute();
    }, jobs.periodMs - (Date.now() % jobs.periodMs) + 1000).unref();
  };
  app.addHook("onReady", async () => {
    beat = setInterval(() => once("beat", () => touchVisits(db, node, Date.now())), HEARTBEAT_MS).unref();
    nextMinute();
  });
  app.addHook("onClose", async () => {
    clearInterval(beat);
    clearTimeout(minute);
    await Promise.all(running.values());
  });
}
