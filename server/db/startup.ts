import { sql } from "kysely";
import type { Db } from "./database";
import { migrateToLatest } from "./migrate";
import { isEmpty, seedAll, type SeedOptions } from "../seed/index";

/**
 * The session-level advisory lock that orders server processes starting on one PostgreSQL database
 * ("LECT" in ASCII). Kysely's migrator holds a lock of its own, but only around the migrations:
 * the demo seed's "is it empty?" and its inserts would still race, and two processes both seeing an
 * empty database crashed one on persons_mobile_key (issue 8, finding 9).
 */
const START_LOCK = 0x4c454354;

/**
 * Runs `work` while holding the start-up lock: on PostgreSQL the other processes starting now wait
 * on pg_advisory_lock until it is done. The lock is held by one connection of the pool for the
 * whole time, so it is released even when this process dies mid-seed (its session ends with it);
 * the work itself uses the pool's other connections. On SQLite there is nothing to take: a SQLite
 * file belongs to one server process (its reader threads are threads of that process).
 */
async function underStartLock(db: Db, work: () => Promise<void>): Promise<void> {
  if (db.dialect !== "postgres") return work();
  await db.kysely.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${START_LOCK})`.execute(conn);
    try {
      await work();
    } finally {
      await sql`select pg_advisory_unlock(${START_LOCK})`.execute(conn);
    }
  });
}

/**
 * Brings the database up to date before the server takes requests: the migrations, then the demo
 * data when `demo` is given and the database holds no one yet. Processes that start together do
 * this one after the other, so the later ones find the schema migrated and the demo seeded.
 */
export async function prepareDatabase(db: Db, opts: { demo: SeedOptions | null; say?: (line: string) => void }): Promise<void> {
  await underStartLock(db, async () => {
    await migrateToLatest(db.kysely);
    if (opts.demo && (await isEmpty(db))) {
      opts.say?.("Seeding the demo data…");
      await seedAll(db, { say: opts.say, ...opts.demo });
    }
  });
}
