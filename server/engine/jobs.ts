import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";
import { jobHolder } from "./job-lease";
import type { SharedTable } from "./org-scope";

/**
 * Durable jobs (DESIGN.md "Work that outlives a request"): a queue in our own `jobs` table rather
 * than pg-boss or graphile-worker, since both are PostgreSQL-only and Lectern runs on SQLite too.
 *
 * - claimed atomically by one statement: on PostgreSQL the row is picked `FOR UPDATE SKIP LOCKED`,
 *   so runners of several processes never wait on or take the same job; SQLite has one writer, so a
 *   conditional `UPDATE … RETURNING` is already atomic;
 * - a claim is a lock until `locked_until`, extended while the handler runs; a job whose lock ran
 *   out (its process died) is claimed again, so work resumes after a restart;
 * - a handler that throws is retried after an exponential backoff, up to `max_attempts`;
 * - `cancelJobs(subject)` cancels the queued and running jobs of what was removed.
 *
 * Unlike job-lease.ts (one turn a period for a job that spans organisations), this is a queue: each
 * row is one piece of work, run once.
 */

export interface JobInput {
  kind: string;
  /** The organisation the work belongs to; 0 for work that spans organisations. */
  orgId?: number;
  /** What the job works on (`media:12`), for `cancelJobs`. */
  subject?: string;
  payload?: unknown;
  maxAttempts?: number;
  runAfter?: number;
}

export interface Job {
  id: number;
  kind: string;
  orgId: number;
  subject: string;
  payload: unknown;
  /** This attempt's number, from 1. */
  attempt: number;
  maxAttempts: number;
}

export interface JobHandler {
  run(job: Job): Promise<void>;
  /** Called once when the last attempt failed (or a job past its attempts was reclaimed): record the failure where users see it. */
  gaveUp?(job: Job, error: string): Promise<void>;
}

/** Where jobs may be written: the database, or a transaction (an organisation scope's `shared`) so a job is queued with the row it is for. */
export type JobsDb = Kysely<Database> | Kysely<Pick<Database, SharedTable>>;
const jobsOf = (k: JobsDb) => k as unknown as Kysely<Pick<Database, "jobs">>;

export async function enqueue(k: JobsDb, input: JobInput, now = Date.now()): Promise<number> {
  const row = await jobsOf(k)
    .insertInto("jobs")
    .values({
      kind: input.kind,
      org_id: input.orgId ?? 0,
      subject: input.subject ?? "",
      payload: JSON.stringify(input.payload ?? {}),
      max_attempts: input.maxAttempts ?? 5,
      run_after: input.runAfter ?? now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Cancels the queued and running jobs of `subject`; a running handler finishes, but its end no longer changes the job. Answers how many. */
export async function cancelJobs(k: JobsDb, subject: string, now = Date.now()): Promise<number> {
  const r = await jobsOf(k)
    .updateTable("jobs")
    .set({ state: "cancelled", locked_by: null, locked_until: null, updated_at: now })
    .where("subject", "=", subject)
    .where("state", "in", ["queued", "running"])
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Deletes up to `n` finished jobs (done, failed, cancelled) last changed before `before`: the cleanup's sweep. Answers how many. */
export async function sweepJobs(db: Db, before: number, n: number): Promise<number> {
  const k = db.kysely;
  const ids = k.selectFrom("jobs").select("id").where("state", "in", ["done", "failed", "cancelled"]).where("updated_at", "<", before).limit(n);
  const r = await k.deleteFrom("jobs").where("id", "in", ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export interface RunnerOptions {
  holder?: string;
  /** How long a claim holds without being extended; a dead process's jobs wait this long. */
  lockMs?: number;
  pollMs?: number;
  /** The first retry's delay; each later one doubles it. */
  backoffMs?: number;
  now?: () => number;
  log?: { warn(obj: object, msg: string): void };
}

type Row = { id: number; kind: string; org_id: number; subject: string; payload: string; attempts: number; max_attempts: number };

export class JobRunner {
  readonly holder: string;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly lockMs: number;
  private readonly pollMs: number;
  private readonly backoffMs: number;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  /** Until `start`, work runs only when asked (`drain`, `runOne`): a test decides when. */
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly opts: RunnerOptions = {},
  ) {
    this.holder = opts.holder ?? jobHolder();
    this.lockMs = opts.lockMs ?? 5 * 60_000;
    this.pollMs = opts.pollMs ?? 2_000;
    this.backoffMs = opts.backoffMs ?? 30_000;
    this.now = opts.now ?? Date.now;
  }

  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`two handlers for job kind "${kind}"`);
    this.handlers.set(kind, handler);
  }

  /** Queues a job and wakes this runner, so work queued by a request starts at once in this process. */
  async enqueue(input: JobInput, k: JobsDb = this.db.kysely): Promise<number> {
    const id = await enqueue(k, input, this.now());
    this.wake();
    return id;
  }

  /** Claims the next due job of a kind this runner handles, or null. */
  async claim(): Promise<Row | null> {
    const kinds = [...this.handlers.keys()];
    if (!kinds.length) return null;
    const now = this.now();
    const lockUntil = now + this.lockMs;
    const skipLocked = this.db.dialect === "postgres" ? sql` for update skip locked` : sql``;
    const result = await sql<Row>`
      update jobs set state = 'running', locked_by = ${this.holder}, locked_until = ${lockUntil}, attempts = attempts + 1, updated_at = ${now}
      where id = (
        select id from jobs
        where kind in (${sql.join(kinds)})
          and ((state = 'queued' and run_after <= ${now}) or (state = 'running' and locked_until <= ${now}))
        order by run_after, id
        limit 1${skipLocked}
      )
      returning id, kind, org_id, subject, payload, attempts, max_attempts`.execute(this.db.kysely);
    return result.rows[0] ?? null;
  }

  /** Claims and runs one job; answers whether there was one. */
  async runOne(): Promise<boolean> {
    const row = await this.claim();
    if (!row) return false;
    const handler = this.handlers.get(row.kind)!;
    const job: Job = {
      id: row.id,
      kind: row.kind,
      orgId: row.org_id,
      subject: row.subject,
      payload: JSON.parse(row.payload),
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
    };
    if (job.attempt > job.maxAttempts) {
      // Reclaimed after its last attempt's process died: the work may be what kills processes.
      await this.finish(job, "failed", "no attempts left");
      await handler.gaveUp?.(job, "no attempts left");
      return true;
    }
    const keepLock = setInterval(() => void this.extend(job.id).catch(() => undefined), Math.max(1000, this.lockMs / 3));
    keepLock.unref();
    try {
      await handler.run(job);
      clearInterval(keepLock);
      await this.finish(job, "done", "");
    } catch (err) {
      clearInterval(keepLock);
      const message = err instanceof Error ? err.message : String(err);
      if (job.attempt < job.maxAttempts) {
        // One reading of the clock: the backoff is counted from the moment the failure is written.
        const failedAt = this.now();
        await this.mine(job.id)
          .set({ state: "queued", locked_by: null, locked_until: null, last_error: message, run_after: failedAt + this.backoffMs * 2 ** (job.attempt - 1), updated_at: failedAt })
          .execute();
      } else {
        const ended = await this.finish(job, "failed", message);
        if (ended) await handler.gaveUp?.(job, message);
      }
      this.opts.log?.warn({ err, job: job.id, kind: job.kind, attempt: job.attempt }, "job failed");
    }
    return true;
  }

  /** Runs due jobs until none is left, after what this runner is already running: tests run queued work synchronously with it. */
  async drain(): Promise<number> {
    await this.running;
    let n = 0;
    while (await this.runOne()) n++;
    return n;
  }

  /** Polls for due jobs every `pollMs` until `stop`. */
  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
  }

  /** Looks for due work now, unless this runner is already at it. */
  wake(): void {
    if (this.stopped || this.running) return;
    this.running = (async () => {
      try {
        while (!this.stopped && (await this.runOne()));
      } catch (err) {
        this.opts.log?.warn({ err }, "job runner failed; the next poll tries again");
      }
    })().finally(() => (this.running = null));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** This runner's claim of job `id`, while it still holds it (not cancelled, not reclaimed by another). */
  private mine(id: number) {
    return this.db.kysely.updateTable("jobs").where("id", "=", id).where("state", "=", "running").where("locked_by", "=", this.holder);
  }

  private async finish(job: Job, state: "done" | "failed", error: string): Promise<boolean> {
    const r = await this.mine(job.id).set({ state, locked_by: null, locked_until: null, last_error: error, updated_at: this.now() }).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  private async extend(id: number) {
    await this.mine(id).set({ locked_until: this.now() + this.lockMs }).execute();
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** This process's job runner: features register their kinds' handlers on it and queue work. */
    jobs: JobRunner;
  }
}

/** One runner per server: registered before the features, polling once the app is ready, stopped (its running job finished) on close. */
export function startJobs(app: FastifyInstance, db: Db, opts: RunnerOptions = {}): JobRunner {
  const runner = new JobRunner(db, { log: app.log, ...opts });
  app.decorate("jobs", runner);
  app.addHook("onReady", async () => runner.start());
  app.addHook("onClose", async () => runner.stop());
  return runner;
}
