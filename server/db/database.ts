import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import type { Database } from "./schema";
import { keepingStatements, sqliteWithReaders } from "./sqlite-driver";

export type Dialect = "sqlite" | "postgres";
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** SQLite: the worker threads answering plain reads beside the main connection (0: it answers all). */
  readers: number;
  /**
   * PostgreSQL only: LISTEN on `channel` over a connection of its own taken from the pool, calling
   * `onPayload` for each NOTIFY and `onLost` if that connection fails (the caller listens again).
   * Answers the way to stop listening. SQLite has one process and no need of it.
   */
  listen?: (channel: string, onPayload: (payload: string) => void, onLost: (err: Error) => void) => Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// int8 and numeric come back from pg as strings; every such column here is a count, a time
// in milliseconds or money in thousandths, all well inside Number's exact range.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/**
 * SQLite readers on worker threads (sqlite-driver.ts), where there is a second core for them to
 * run on. Two, measured on the 2-core bench machine: with one, 20 connections searching by mobile
 * were held to one reader's pace (~1 ms of SQL a request, one at a time); three did no better than two.
 */
const DEFAULT_READERS = 2;

/**
 * A better-sqlite3 binding built for another Node than the one node_modules was installed with
 * (CI runs the server tests on Node 24 beside the machine's Node 20, and the installed binding
 * cannot serve both ABIs): a path to its better_sqlite3.node. Unset, the installed one loads.
 */
const nativeBinding = process.env.LECTERN_SQLITE_BINDING || undefined;

async function listenOn(pool: pg.Pool, channel: string, onPayload: (payload: string) => void, onLost: (err: Error) => void) {
  const client = await pool.connect();
  let done = false;
  const lost = (err: Error) => {
    if (done) return;
    done = true;
    client.removeAllListeners("notification");
    client.release(err);
    onLost(err);
  };
  client.on("notification", (n) => {
    if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
  });
  client.on("error", lost);
  await client.query(`listen ${pg.escapeIdentifier(channel)}`);
  return async () => {
    if (done) return;
    done = true;
    client.removeAllListeners("notification");
    client.removeListener("error", lost);
    await client.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    client.release();
  };
}

/**
 * The database of the server: PostgreSQL when `databaseUrl` is set (a pool of `poolSize`), else the
 * SQLite file in `dataDir`, with `readers` worker threads answering its plain reads (0: none).
 */
export function openDb(opts: { databaseUrl: string | null; dataDir: string; poolSize?: number; readers?: number }): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: "postgres", readers: 0, listen: (channel, onPayload, onLost) => listenOn(pool, channel, onPayload, onLost), close: () => kysely.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, "lectern.sqlite");
  const sqlite = new SQLite(file, { nativeBinding });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const main = keepingStatements(sqlite);
  const readers = opts.readers ?? (os.availableParallelism() > 1 ? DEFAULT_READERS : 0);
  const kysely = new Kysely<Database>({ dialect: readers > 0 ? sqliteWithReaders(main, file, readers, nativeBinding) : new SqliteDialect({ database: main }) });
  return { kysely, dialect: "sqlite", readers, close: () => kysely.destroy() };
}
