// The simulated viewers of the room benches (scripts/bench-rooms*.ts), in worker threads: a
// thousand sockets' reading on one thread would be the bench's own bottleneck on a busy machine,
// not the server's.
import { Worker } from "node:worker_threads";
import type { Db } from "../../server/db/database";
import type { Command, Report, Setup } from "../bench-rooms-viewers";

export interface Viewers {
  workers: Worker[];
  /** The next report of a kind from a worker; a failure of any of its viewers rejects. */
  next(worker: Worker, ev: Report["ev"]): Promise<Report>;
  tell(worker: Worker, command: Command): void;
  /** The worker holding viewer `viewer`. */
  ownerOf(viewer: number): Worker;
  /** Viewers the server disconnected before the end. */
  dropped: string[];
  /** Closes every viewer's socket and ends the workers. */
  close(): Promise<void>;
  /** Settles once every worker has loaded its code. */
  loaded: Promise<unknown>;
  /**
   * Once every worker has loaded, has the viewers join from a moment just after: when the load of
   * the workers themselves is over, and not in a burst of the joins overdue while they loaded.
   * Answers that moment.
   */
  join(): Promise<number>;
}

/** `count` viewers joining through the share link `guid`, spread over `threads` workers. */
export function startViewers(count: number, threads: number, setup: Omit<Setup, "indices">): Viewers {
  const workers = Array.from({ length: threads }, (_, w) => {
    const indices = Array.from({ length: count }, (_, i) => i).filter((i) => i % threads === w);
    return new Worker(new URL("./ts-worker.mjs", import.meta.url), {
      workerData: { entry: new URL("../bench-rooms-viewers.ts", import.meta.url).href, ...setup, indices },
    });
  });
  const next = (worker: Worker, ev: Report["ev"]) =>
    new Promise<Report>((resolve, reject) => {
      const on = (r: Report) => {
        if (r.ev === "failed") reject(new Error(r.msg));
        else if (r.ev === ev) {
          worker.off("message", on);
          resolve(r);
        }
      };
      worker.on("message", on);
    });
  const tell = (worker: Worker, command: Command) => worker.postMessage(command);
  const loaded = Promise.all(workers.map((w) => next(w, "loaded")));
  const dropped: string[] = [];
  for (const w of workers) w.on("message", (r: Report) => r.ev === "dropped" && dropped.push(`viewer ${r.viewer} (close code ${r.code})`));
  return {
    workers,
    next,
    tell,
    ownerOf: (viewer) => workers[viewer % threads],
    dropped,
    loaded,
    join: async () => {
      await loaded;
      const start = Date.now() + 200;
      for (const w of workers) tell(w, { cmd: "join", start });
      return start;
    },
    close: async () => {
      await Promise.all(workers.map((w) => (tell(w, { cmd: "close" }), next(w, "closed"))));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/** An organisation of its own with a live in progress for the next hour, shared under a fresh guid. */
export async function makeBenchLive(db: Db, title: string): Promise<{ org: number; liveId: number; guid: string }> {
  const now = Date.now();
  const org = (await db.kysely.insertInto("organisations").values({ name: "压测学校", balance_milli: 0, created_at: now }).returning("id").executeTakeFirstOrThrow()).id;
  const course = await db.kysely
    .insertInto("courses")
    .values({ org_id: org, title: "压测课程", type: 1, max_user_num: 100_000, expire: now + 86_400_000, headimg: "", detail: "", status: 1, create_user: "压测", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const guid = `bench${now}`;
  const live = await db.kysely
    .insertInto("lives")
    .values({ org_id: org, course_id: course.id, title, begin_time: now - 60_000, end_time: now + 3_600_000, status: 1, scale: 1, voided: 0, detail: "", master_id: 0, created_at: now, updated_at: now, share_guid: guid })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { org, liveId: live.id, guid };
}
