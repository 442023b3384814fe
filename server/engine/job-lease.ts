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
