import { sql } from "kysely";
import type { Db } from "../db/database";
import type { Limit } from "../rate-limit-settings";

/** A long run of wrong passwords locks the account for a while, far shorter than the day after which idle guards are deleted. */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MS = 15 * 60_000;

export type Reservation = { lockedUntil: number } | { tries: number; needCaptcha: boolean };

/**
 * Counts a password try before the password is checked, in one statement, and answers the
 * count with this try in it. A count above one means an earlier failure or a try still in
 * flight: either way this one needs the captcha, so parallel tries on an account cannot all
 * pass as the first. A locked account counts nothing and answers until when it is locked.
 * The sign-in counts a try here only once its captcha is spent (`reserveFirstTry` otherwise).
 */
export async function reserveTry(db: Db, mobile: string, now: number): Promise<Reservation> {
  const row = await db.kysely
    .insertInto("login_guards")
    .values({ mobile, need_captcha: 0, failures: 1, updated_at: now })
    .onConflict((oc) =>
      oc
        .column("mobile")
        .doUpdateSet((eb) => ({ failures: eb("login_guards.failures", "+", 1), updated_at: now }))
        .where("login_guards.locked_until", "<=", now),
    )
    .returning(["failures", "need_captcha"])
    .executeTakeFirst();
  if (row) return { tries: row.failures, needCaptcha: row.need_captcha === 1 };
  const guard = await db.kysely.selectFrom("login_guards").select("locked_until").where("mobile", "=", mobile).executeTakeFirst();
  return { lockedUntil: guard?.locked_until ?? now };
}

/**
 * The first try of an account that asks no captcha: counted only when no try is counted or under
 * way and none failed since the last success, so one request of a burst takes it. Answers `null`
 * when it is taken (or a failure asks the captcha now): the caller then spends a captcha before it
 * counts a try (`reserveTry`), so requests refused for want of one never add to the count that
 * locks the account. A locked account answers until when it is locked.
 */
export async function reserveFirstTry(db: Db, mobile: string, now: number): Promise<Reservation | null> {
  const row = await db.kysely
    .insertInto("login_guards")
    .values({ mobile, need_captcha: 0, failures: 1, updated_at: now })
    .onConflict((oc) =>
      oc
        .column("mobile")
        .doUpdateSet({ failures: 1, updated_at: now })
        .where("login_guards.locked_until", "<=", now)
        .where("login_guards.failures", "=", 0)
        .where("login_guards.need_captcha", "=", 0),
    )
    .returning(["failures", "need_captcha"])
    .executeTakeFirst();
  if (row) return { tries: row.failures, needCaptcha: row.need_captcha === 1 };
  return lockedReservation(db, mobile, now);
}

/** `{ lockedUntil }` while the account is locked, else `null`. */
export async function lockedReservation(db: Db, mobile: string, now: number): Promise<Reservation | null> {
  const guard = await db.kysely.selectFrom("login_guards").select("locked_until").where("mobile", "=", mobile).executeTakeFirst();
  return guard && guard.locked_until > now ? { lockedUntil: guard.locked_until } : null;
}

/** Gives back a try that was refused before its password was checked (no captcha, a full hashing queue). */
export async function releaseTry(db: Db, mobile: string, now: number): Promise<void> {
  await db.kysely
    .updateTable("login_guards")
    .set({ failures: sql<number>`case when failures > 0 then failures - 1 else 0 end`, updated_at: now })
    .where("mobile", "=", mobile)
    .execute();
}

/**
 * A wrong password: the captcha is needed from now on, and the try already counted stays.
 * The failure that reaches the limit locks the account and starts a new count for after the
 * lock. Answers the lock's end, or 0. An upsert, since a success elsewhere may have deleted the row.
 */
export async function recordFailure(db: Db, mobile: string, now: number): Promise<number> {
  const reached = sql<boolean>`login_guards.failures >= ${LOCK_AFTER_FAILURES}`;
  const row = await db.kysely
    .insertInto("login_guards")
    .values({ mobile, need_captcha: 1, failures: 1, updated_at: now })
    .onConflict((oc) =>
      oc.column("mobile").doUpdateSet({
        need_captcha: 1,
        failures: sql<number>`case when ${reached} then 0 else login_guards.failures end`,
        locked_until: sql<number>`case when ${reached} then ${now + LOCK_MS} else login_guards.locked_until end`,
        updated_at: now,
      }),
    )
    .returning("locked_until")
    .executeTakeFirstOrThrow();
  return row.locked_until > now ? row.locked_until : 0;
}

/** A right password clears the account's record. */
export async function recordSuccess(db: Db, mobile: string): Promise<void> {
  await db.kysely.deleteFrom("login_guards").where("mobile", "=", mobile).execute();
}

/** Wrong passwords from an address in its current window. */
export async function ipFailures(db: Db, ip: string, now: number, window: Limit): Promise<number> {
  const row = await db.kysely
    .selectFrom("login_ip_failures")
    .select("failures")
    .where("ip", "=", ip)
    .where("window_started_at", ">", now - window.windowMs)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** Counts a wrong password from an address; a window past its length starts again at one. */
export async function recordIpFailure(db: Db, ip: string, now: number, window: Limit): Promise<void> {
  const expired = sql<boolean>`login_ip_failures.window_started_at <= ${now - window.windowMs}`;
  await db.kysely
    .insertInto("login_ip_failures")
    .values({ ip, failures: 1, window_started_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column("ip").doUpdateSet({
        failures: sql<number>`case when ${expired} then 1 else login_ip_failures.failures + 1 end`,
        window_started_at: sql<number>`case when ${expired} then ${now} else login_ip_failures.window_started_at end`,
        updated_at: now,
      }),
    )
    .execute();
}
