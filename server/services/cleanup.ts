import type { FastifyInstance } from "fastify";
import type { DeleteResult } from "kysely";
import type { Db } from "../db/database";
import { startPeriodic } from "../engine/job-lease";
import { sweepJobs } from "../engine/jobs";
import { sweepCounters } from "../engine/rate-counter";
import { CAPTCHA_LIFE_MS, SMS_LIFE_MS } from "./codes";
import { nextTurn } from "./yielding";

const HOUR = 3600_000;
/** A spent captcha or code is kept an hour: the hourly SMS budget of a mobile counts its codes. */
const KEEP_SPENT_MS = HOUR;
/** Sign-in marks idle this long go; a day outlasts every lock and captcha demand they carry. */
const KEEP_IDLE_GUARD_MS = 24 * HOUR;
/** Rate limit windows started this long ago are over: the longest declared window (the feed per secret) is an hour. */
const KEEP_COUNTER_WINDOWS_MS = HOUR;
/** A finished job is kept a week: long enough to read why one failed. */
const KEEP_FINISHED_JOBS_MS = 7 * 24 * HOUR;
const EVERY_MS = 60_000;

export interface CleanupLimits {
  /** Rows one statement deletes: each batch is one short write, others get the database between. */
  batch: number;
  /** Batches of one table in one run; the rest waits for the next run. */
  maxBatches: number;
}

const defaults: CleanupLimits = { batch: 1000, maxBatches: 100 };

const deleted = async (q: { executeTakeFirst(): Promise<DeleteResult> }) => Number((await q.executeTakeFirst()).numDeletedRows);

/** One deleting statement per table, each taking at most `n` rows that are past keeping at `now`. */
function sweeps(db: Db, now: number): Record<string, (n: number) => Promise<number>> {
  const k = db.kysely;
  const spentBefore = now - KEEP_SPENT_MS;
  return {
    // A row used an hour ago expired at most its life after: the range on expires_at (indexed)
    // bounds what is looked at, the rest picks the expired or used ones in it.
    captchas: (n) => {
      const rows = k.selectFrom("captchas").select("id").where("expires_at", "<", spentBefore + CAPTCHA_LIFE_MS);
      return deleted(k.deleteFrom("captchas").where("id", "in", rows.where((eb) => eb.or([eb("expires_at", "<", spentBefore), eb("used_at", "<", spentBefore)])).limit(n)));
    },
    sms_codes: (n) => {
      const rows = k.selectFrom("sms_codes").select("id").where("expires_at", "<", spentBefore + SMS_LIFE_MS);
      return deleted(k.deleteFrom("sms_codes").where("id", "in", rows.where((eb) => eb.or([eb("expires_at", "<", spentBefore), eb("used_at", "<", spentBefore)])).limit(n)));
    },
    login_guards: (n) => {
      const rows = k.selectFrom("login_guards").select("mobile").where("updated_at", "<", now - KEEP_IDLE_GUARD_MS);
      return deleted(k.deleteFrom("login_guards").where("mobile", "in", rows.limit(n)));
    },
    // One row an address: few enough to find without an index.
    login_ip_failures: (n) => {
      const rows = k.selectFrom("login_ip_failures").select("ip").where("updated_at", "<", now - KEEP_IDLE_GUARD_MS);
      return deleted(k.deleteFrom("login_ip_failures").where("ip", "in", rows.limit(n)));
    },
    sessions: (n) => {
      const rows = k.selectFrom("sessions").select("id").where("expires_at", "<", now);
      return deleted(k.deleteFrom("sessions").where("id", "in", rows.limit(n)));
    },
    rate_counters: (n) => sweepCounters(db, now - KEEP_COUNTER_WINDOWS_MS, n),
    jobs: (n) => sweepJobs(db, now - KEEP_FINISHED_JOBS_MS, n),
  };
}

/** Deletes what is past keeping, table by table, in bounded batches; answers the rows deleted per table. */
export async function runCleanup(db: Db, now = Date.now(), limits: CleanupLimits = defaults): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, sweep] of Object.entries(sweeps(db, now))) {
    counts[table] = 0;
    for (let i = 0; i < limits.maxBatches; i++) {
      const n = await sweep(limits.batch);
      counts[table] += n;
      if (n < limits.batch) break;
      await nextTurn();
    }
  }
  return counts;
}

/**
 * Runs the cleanup every minute while `app` is up, once across the processes on the database (the
 * job's lease): the work is the same wherever it runs, so one run a period is enough. A run never
 * overlaps this process's previous one.
 */
export function startCleanup(app: FastifyInstance, db: Db, everyMs = EVERY_MS): void {
  startPeriodic(app, db, "cleanup", everyMs, (now) => runCleanup(db, now));
}
