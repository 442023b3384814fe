import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openDb, type Db } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { runOnce, takeTurn } from "../../../server/engine/job-lease";
import { takeHit } from "../../../server/engine/rate-counter";
import { freshDatabase, startTestServer, type TestServer } from "./helpers";

/**
 * Issue 17 item 2: what must hold across processes on one database. Two handles on one database
 * are two processes' pools; two apps on one database are two server processes. Runs on SQLite,
 * and on PostgreSQL with DATABASE_URL.
 */
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 5, 1, 12);
const on = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";

describe(`job leases and rate counters on two handles of one database (${on})`, () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Db;
  let b: Db;
  beforeAll(async () => {
    fresh = await freshDatabase();
    a = openDb({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 4 });
    await migrateToLatest(a.kysely);
    b = openDb({ databaseUrl: fresh.url, dataDir: fresh.dataDir, poolSize: 4 });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await fresh.drop();
  });

  it("of holders asking at once for a job's turn, one gets it; then nobody else until the period ends", async () => {
    const holders = Array.from({ length: 10 }, (_, i) => `h${i}`);
    const taken = await Promise.all(holders.map((h, i) => takeTurn(i % 2 ? a : b, "at-once", h, MINUTE, T0)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = holders[taken.indexOf(true)];
    const others = holders.filter((h) => h !== winner);
    expect(await Promise.all(others.map((h) => takeTurn(a, "at-once", h, MINUTE, T0 + MINUTE - 1)))).not.toContain(true);
    // The holder's own next turn, however early its timer fires, is still its own.
    expect(await takeTurn(b, "at-once", winner, MINUTE, T0 + MINUTE - 5)).toBe(true);
  });

  it("a process that dies holding a lease is replaced once the lease is over", async () => {
    let runs = 0;
    const work = async () => void runs++;
    expect(await runOnce(a, "orphaned", "dies", MINUTE, work, T0)).toBe(true);
    // "dies" never comes back: the other process waits out its lease, then takes the job over.
    expect(await runOnce(b, "orphaned", "lives", MINUTE, work, T0 + 1000)).toBe(false);
    expect(await runOnce(b, "orphaned", "lives", MINUTE, work, T0 + MINUTE - 1)).toBe(false);
    expect(await runOnce(b, "orphaned", "lives", MINUTE, work, T0 + MINUTE)).toBe(true);
    expect(runs).toBe(2);
    const lease = await a.kysely.selectFrom("job_leases").selectAll().where("name", "=", "orphaned").executeTakeFirstOrThrow();
    expect({ holder: lease.holder, until: Number(lease.until) }).toEqual({ holder: "lives", until: T0 + 2 * MINUTE });
  });

  it("parallel hits from two processes admit exactly the limit; the others are told when the window ends", async () => {
    const window = { max: 7, windowMs: MINUTE };
    const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => takeHit(i % 2 ? a : b, "ip:10.0.0.1", window, T0)));
    expect(hits.filter((h) => h === null)).toHaveLength(7);
    expect(new Set(hits.filter((h) => h !== null))).toEqual(new Set([60]));
    expect(await takeHit(a, "ip:10.0.0.1", window, T0 + MINUTE - 1500)).toBe(2);
  });

  it("a window that ends starts again, counting from one", async () => {
    const window = { max: 3, windowMs: MINUTE };
    const round = (now: number) => Promise.all(Array.from({ length: 5 }, (_, i) => takeHit(i % 2 ? a : b, "mobile:13900000000", window, now)));
    expect((await round(T0)).filter((h) => h === null)).toHaveLength(3);
    expect(await takeHit(a, "mobile:13900000000", window, T0 + MINUTE - 1)).not.toBeNull();
    expect((await round(T0 + MINUTE)).filter((h) => h === null)).toHaveLength(3);
    const row = await b.kysely.selectFrom("rate_counters").selectAll().where("key", "=", "mobile:13900000000").executeTakeFirstOrThrow();
    expect({ hits: row.hits, started: Number(row.window_started_at) }).toEqual({ hits: 3, started: T0 + MINUTE });
  });
});

describe(`two server processes on one database run each global job once a period (${on})`, () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ seed: false });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  afterAll(() => s.close());

  it("the cleanup and the rooms' minute work run once a period between two apps, and each period", { timeout: 60_000 }, async () => {
    // The timers of both apps, and their clocks, are the test's: each period both apps' timers fire
    // at the same instant and ask for the job's turn with the same now.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout", "Date"] });
    // A second into a minute: the rooms' work runs a second into each period, the cleanup a
    // period after the app is ready, so both fire at each step of a minute.
    vi.setSystemTime(T0 + 1000);
    // Each run of the cleanup ends by sweeping the rate counters once, and each minute's work by
    // sweeping the share links' guest passes once: a period's run is counted once it is all but done.
    const deletes = vi.spyOn(s.db.kysely, "deleteFrom");
    const runs = (table: string) => deletes.mock.calls.filter(([t]) => t === table).length;
    const twin = await s.twin();
    await Promise.all([s.app.ready(), twin.ready()]);

    const periods = 3;
    for (let period = 1; period <= periods; period++) {
      await vi.advanceTimersByTimeAsync(MINUTE);
      await vi.waitFor(() => expect(Math.min(runs("rate_counters"), runs("room_guest_passes"))).toBeGreaterThanOrEqual(period), { timeout: 20_000 });
    }
    // Closing waits for every run under way: none was left to add a second run to a period.
    await twin.close();
    await s.app.close();
    expect([runs("rate_counters"), runs("room_guest_passes")]).toEqual([periods, periods]);
  });
});
