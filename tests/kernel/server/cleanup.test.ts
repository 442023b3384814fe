import Fastify from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCleanup, startCleanup } from "../../../server/services/cleanup";
import { CAPTCHA_LIFE_MS, SMS_LIFE_MS } from "../../../server/services/codes";
import { startTestServer, type TestServer } from "./helpers";

const MIN = 60_000;
const HOUR = 60 * MIN;
const NOW = Date.UTC(2026, 5, 1, 12);

let s: TestServer;
let personId: number;
beforeAll(async () => {
  s = await startTestServer({ seed: false });
  const person = await s.db.kysely
    .insertInto("persons")
    .values({ mobile: "13900000000", password_hash: "x", nickname: "", headimg: "", created_at: NOW, updated_at: NOW })
    .returning("id")
    .executeTakeFirstOrThrow();
  personId = person.id;
});
afterAll(() => s.close());

const k = () => s.db.kysely;
const clear = async () => {
  for (const table of ["captchas", "sms_codes", "login_guards", "login_ip_failures", "sessions", "rate_counters"] as const) await k().deleteFrom(table).execute();
};

/** A captcha or SMS code created `ago` before NOW with the given life, spent `usedAgo` before NOW if given. */
const code = (mobile: string, ago: number, life: number, usedAgo?: number) => ({
  mobile,
  created_at: NOW - ago,
  expires_at: NOW - ago + life,
  used_at: usedAgo === undefined ? null : NOW - usedAgo,
});
const captcha = (mobile: string, ago: number, usedAgo?: number) => ({ ...code(mobile, ago, CAPTCHA_LIFE_MS, usedAgo), answer_hash: "h" });
const sms = (mobile: string, ago: number, usedAgo?: number) => ({ ...code(mobile, ago, SMS_LIFE_MS, usedAgo), purpose: "login", code_hash: "h", attempts: 0 });
// Only the key and updated_at: the rest of a guard row is another part's to define.
const guard = (mobile: string, idle: number) => sql`insert into login_guards (mobile, updated_at) values (${mobile}, ${NOW - idle})`.execute(k());
const ipMark = (ip: string, idle: number) => ({ ip, failures: 3, window_started_at: NOW - idle, updated_at: NOW - idle });
const session = (id: string, expiresIn: number) => ({ id, person_id: personId, identity_id: null, created_at: NOW - HOUR, expires_at: NOW + expiresIn, last_seen_at: NOW - HOUR });

const mobilesOf = async (table: "captchas" | "sms_codes" | "login_guards") =>
  (await k().selectFrom(table).select("mobile").execute()).map((r) => r.mobile).sort();

describe("cleanup", () => {
  beforeEach(clear);

  it("deletes captchas and codes expired or used over an hour ago, and keeps the rest", async () => {
    const rows = {
      old: 3 * HOUR,
      underAnHour: HOUR - 5 * MIN,
      live: MIN,
    };
    for (const [mobile, ago] of Object.entries(rows)) {
      await k().insertInto("captchas").values(captcha(`c-${mobile}`, ago)).execute();
      await k().insertInto("sms_codes").values(sms(`s-${mobile}`, ago)).execute();
    }
    // Spent: over an hour ago goes; a few minutes ago stays (the hourly SMS budget counts it).
    await k().insertInto("captchas").values([captcha("c-usedOld", HOUR + MIN, HOUR + MIN / 2), captcha("c-usedNew", MIN, MIN / 2)]).execute();
    await k().insertInto("sms_codes").values([sms("s-usedOld", HOUR + 2 * MIN, HOUR + MIN), sms("s-usedNew", 5 * MIN, 4 * MIN)]).execute();

    const counts = await runCleanup(s.db, NOW);
    expect(counts).toMatchObject({ captchas: 2, sms_codes: 2 });
    expect(await mobilesOf("captchas")).toEqual(["c-live", "c-underAnHour", "c-usedNew"]);
    expect(await mobilesOf("sms_codes")).toEqual(["s-live", "s-underAnHour", "s-usedNew"]);
  });

  it("deletes sign-in marks idle over a day and expired sessions", async () => {
    await k().insertInto("login_ip_failures").values([ipMark("10.0.0.1", 25 * HOUR), ipMark("10.0.0.2", 2 * HOUR)]).execute();
    await guard("g-idle-25h", 25 * HOUR);
    await guard("g-idle-23h", 23 * HOUR);
    await guard("g-now", 0);
    await k().insertInto("sessions").values([session("expired", -MIN), session("live", 7 * 24 * HOUR)]).execute();

    expect(await runCleanup(s.db, NOW)).toMatchObject({ login_guards: 1, login_ip_failures: 1, sessions: 1 });
    expect((await k().selectFrom("login_ip_failures").select("ip").execute()).map((r) => r.ip)).toEqual(["10.0.0.2"]);
    expect(await mobilesOf("login_guards")).toEqual(["g-idle-23h", "g-now"]);
    expect((await k().selectFrom("sessions").select("id").execute()).map((r) => r.id)).toEqual(["live"]);
  });

  it("forgets rate limit windows started over an hour ago (the longest window), and keeps the others", async () => {
    const started = { over: HOUR + MIN, hour: HOUR - MIN, now: 0 };
    for (const [key, ago] of Object.entries(started)) await k().insertInto("rate_counters").values({ key, hits: 3, window_started_at: NOW - ago }).execute();
    expect((await runCleanup(s.db, NOW)).rate_counters).toBe(1);
    expect((await k().selectFrom("rate_counters").select("key").orderBy("key").execute()).map((r) => r.key)).toEqual(["hour", "now"]);
  });

  it("works in bounded batches: one run takes at most its batches, the next run the rest", async () => {
    await k().insertInto("captchas").values(Array.from({ length: 25 }, (_, i) => captcha(`c${String(i).padStart(2, "0")}`, 3 * HOUR))).execute();
    await k().insertInto("captchas").values(captcha("live", MIN)).execute();
    expect((await runCleanup(s.db, NOW, { batch: 10, maxBatches: 2 })).captchas).toBe(20);
    expect(await mobilesOf("captchas")).toHaveLength(6);
    expect((await runCleanup(s.db, NOW, { batch: 10, maxBatches: 2 })).captchas).toBe(5);
    expect(await mobilesOf("captchas")).toEqual(["live"]);
  });

  it("runs by itself once the app is ready", async () => {
    const now = Date.now();
    await k().insertInto("sessions").values({ ...session("stale", 0), expires_at: now - MIN }).execute();
    const app = Fastify();
    startCleanup(app, s.db, 20);
    await app.ready();
    const deadline = Date.now() + 20_000;
    while ((await k().selectFrom("sessions").select("id").execute()).length > 0) {
      if (Date.now() > deadline) throw new Error("the timer never cleaned");
      await new Promise((r) => setTimeout(r, 20));
    }
    await app.close();
  });
});
