import crypto from "node:crypto";
import os from "node:os";
import type { Db } from "../db/database";

/**
 * A name for one job runner (a server process, or an app in a test), readable in `job_leases`:
 * the host and pid say which, the random part tells apart two apps of one process.
 */
export function jobHolder(): string {
  return `${os.hostname().slice(0, 16)}-${process.pid}-${crypto.randomBytes(3).toString("hex")}`;
}

/**
 * Takes job `name`'s turn for `holder` until `now + periodMs`, in one conditional upsert: it is
 * taken when nobody holds it yet, when the lease is over, or when `holder` holds it already (its
 * next run comes at the end of its own lease, a timer's jitter early or late). Answers whether it
 * was taken. Being one statement on the shared database, of processes asking at once one wins; a
 * process that died holding a lease is replaced once the lease is over.
 */
export async function takeTurn(db: Db, name: string, holder: string, periodMs: number, now = Date.now()): Promise<boolean> {
  const until = now + periodMs;
  const taken = await db.kysely
    .insertInto("job_leases")
    .values({ name, holder, until })
    .onConflict((oc) =>
      oc
        .column("name")
        .doUpdateSet({ holder, until })
        .where((eb) => eb.or([eb("job_leases.until", "<=", now), eb("job_leases.holder", "=", holder)])),
    )
    .returning("name")
    .executeTakeFirst();
  return !!taken;
}

/**
 * Runs `work` if this holder gets the job's turn of the period (takeTurn): with every process
 * calling it once a period, the work runs once a period across them. Answers whether it ran.
 * A run longer than the period may meet the next one in another process: each job is also
 * idempotent, so that costs time, not correctness.
 */
export async function runOnce(db: Db, name: string, holder: string, periodMs: number, work: () => Promise<unknown>, now = Date.now()): Promise<boolean> {
  if (!(await takeTurn(db, name, holder, periodMs, now))) return false;
  await work();
  return true;
}

/** What a periodic job needs of the app: its start and close, and its log. */
export interface PeriodicHost {
  addHook: (name: "onReady" | "onClose", fn: () => Promise<void>) => unknown;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * Runs `work` every `everyMs` while the app is up, once across the processes on the database (the
 * job `name`'s lease), the first run one period after the start. A run never overlaps this
 * process's previous one; a failure is logged and the next period tries again; closing waits for a run.
 */
export function startPeriodic(app: PeriodicHost, db: Db, name: string, everyMs: number, work: (now: number) => Promise<unknown>): void {
  const holder = jobHolder();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    const now = Date.now();
    running ??= runOnce(db, name, holder, everyMs, () => work(now), now)
      .catch((err) => app.log.warn({ err }, `${name} failed; the next run tries again`))
      .finally(() => (running = null));
  };
  app.addHook("onReady", async () => {
    timer = setInterval(tick, everyMs).unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
