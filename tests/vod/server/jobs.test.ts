import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb, type Db } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { cancelJobs, JobRunner, sweepJobs, type Job } from "../../../server/engine/jobs";
import { freshDatabase } from "../../kernel/server/helpers";

/**
 * The durable job queue (server/engine/jobs.ts): two handles on one database are two processes.
 * Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
const on = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
const T0 = Date.UTC(2026, 5, 1, 12);

describe(`durable jobs on two handles of one database (${on})`, () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Db;
  let b: Db;
  let clock = T0;
  const now = () => clock;
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

  const stateOf = async (id: number) => a.kysely.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  it("20 jobs taken by two runners at once each run exactly once", async () => {
    const runs: number[] = [];
    const handler = { run: async (job: Job) => void runs.push((job.payload as { n: number }).n) };
    const one = new JobRunner(a, { holder: "one", now });
    const two = new JobRunner(b, { holder: "two", now });
    one.register("count", handler);
    two.register("count", handler);
    for (let n = 0; n < 20; n++) await one.enqueue({ kind: "count", payload: { n } });
    await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
    expect(runs.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    const states = await a.kysely.selectFrom("jobs").select("state").where("kind", "=", "count").execute();
    expect(new Set(states.map((s) => s.state))).toEqual(new Set(["done"]));
  });

  it("a failing job is retried after a doubling backoff, then given up with its error kept", async () => {
    const gaveUp: string[] = [];
    const runner = new JobRunner(a, { holder: "retry", now, backoffMs: 1000 });
    let tries = 0;
    runner.register("flaky", {
      run: async () => {
        tries++;
        throw new Error(`try ${tries}`);
      },
      gaveUp: async (_job, error) => void gaveUp.push(error),
    });
    const id = await runner.enqueue({ kind: "flaky", maxAttempts: 3 });
    expect(await runner.drain()).toBe(1);
    expect((await stateOf(id)).run_after).toBe(clock + 1000);
    expect(await runner.drain()).toBe(0);
    clock += 1000;
    expect(await runner.drain()).toBe(1);
    expect((await stateOf(id)).run_after).toBe(clock + 2000);
    clock += 2000;
    expect(await runner.drain()).toBe(1);
    const last = await stateOf(id);
    expect([last.state, last.attempts, last.last_error, tries, gaveUp]).toEqual(["failed", 3, "try 3", 3, ["try 3"]]);
  });

  it("a job whose runner died is claimed again once its lock runs out", async () => {
    const dies = new JobRunner(a, { holder: "dies", now, lockMs: 60_000 });
    dies.register("long", { run: async () => undefined });
    const id = await dies.enqueue({ kind: "long" });
    expect((await dies.claim())?.id).toBe(id);
    const done: number[] = [];
    const lives = new JobRunner(b, { holder: "lives", now, lockMs: 60_000 });
    lives.register("long", { run: async (job) => void done.push(job.attempt) });
    expect(await lives.drain()).toBe(0);
    clock += 60_000;
    expect(await lives.drain()).toBe(1);
    expect(done).toEqual([2]);
    expect((await stateOf(id)).state).toBe("done");
  });

  it("cancelling a subject's jobs keeps them from running, and a running one's end no longer changes it", async () => {
    const runner = new JobRunner(a, { holder: "cancel", now });
    let ran = 0;
    let cancelMidway = false;
    runner.register("media", {
      run: async (job) => {
        ran++;
        if (cancelMidway) await cancelJobs(a.kysely, job.subject, clock);
      },
    });
    const queued = await runner.enqueue({ kind: "media", subject: "media:1" });
    const other = await runner.enqueue({ kind: "media", subject: "media:2" });
    expect(await cancelJobs(a.kysely, "media:1", clock)).toBe(1);
    expect(await runner.drain()).toBe(1);
    expect([ran, (await stateOf(queued)).state, (await stateOf(other)).state]).toEqual([1, "cancelled", "done"]);
    cancelMidway = true;
    const running = await runner.enqueue({ kind: "media", subject: "media:3" });
    await runner.drain();
    expect((await stateOf(running)).state).toBe("cancelled");
  });

  it("the cleanup's sweep deletes finished jobs older than asked, never queued or running ones", async () => {
    const runner = new JobRunner(a, { holder: "sweep", now });
    runner.register("sweep", { run: async () => undefined });
    const done = await runner.enqueue({ kind: "sweep" });
    await runner.drain();
    const waiting = await runner.enqueue({ kind: "sweep", runAfter: clock + 3600_000 });
    clock += 10_000;
    expect(await sweepJobs(a, clock, 1000)).toBeGreaterThanOrEqual(1);
    const left = await a.kysely.selectFrom("jobs").select("id").where("id", "in", [done, waiting]).execute();
    expect(left.map((r) => r.id)).toEqual([waiting]);
  });
});
