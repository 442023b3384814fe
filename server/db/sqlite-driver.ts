import { Worker } from "node:worker_threads";
import SQLite from "better-sqlite3";
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type SqliteDatabase,
} from "kysely";
import { Mutex } from "../services/yielding";
import type { ReadRequest, ReaderAnswer, ReaderSetup } from "./sqlite-reader-worker.mjs";

/** Statements kept per connection: the queries are few shapes, each asked for again and again. */
const KEPT_STATEMENTS = 200;

/** A connection as Kysely's SQLite driver takes it, whose statements say whether they only read. */
export interface KeptStatements extends SqliteDatabase {
  prepare(sql: string): SQLite.Statement;
}

/**
 * The connection as Kysely's SQLite driver sees it, keeping its most recently used statements.
 * The driver prepares every query anew, and preparing one of the list's queries took as long as
 * running it (~30 µs); with three queries a request, that was a seventh of a list request's time.
 * A kept statement still mid-iteration (a stream read inside a transaction that asks the same
 * again) cannot be run twice at once, so that one case prepares afresh.
 */
export function keepingStatements(sqlite: SQLite.Database): KeptStatements {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const known = kept.get(text);
      if (known?.busy) return sqlite.prepare(text);
      if (known) {
        // Map keeps insertion order: re-inserting marks it most recent, so the first key is the oldest.
        kept.delete(text);
        kept.set(text, known);
        return known;
      }
      const fresh = sqlite.prepare(text);
      kept.set(text, fresh);
      if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      return fresh;
    },
  };
}

/**
 * SQLite with reads answered on worker threads.
 *
 * better-sqlite3 answers on the thread that asks, and the server has one: with 20 requests in
 * flight each waits for the SQL of all the others, and HTTP, sessions and JSON wait too. In WAL
 * mode any number of connections may read while one writes, so a few worker threads each hold a
 * read-only connection to the same file and answer the plain reads; the main connection keeps
 * every write and every transaction, as before.
 *
 * A trip to a reader and back costs more than a cheap read (a session, a page of ten rows by an
 * index, a kept count: 5-50 µs), so each statement's recent run time is kept, and a read known to
 * take under CHEAP_READ_MS runs on the main connection when no transaction holds it. Reads that
 * cost more (a search page, a statistics chart) and reads not yet timed go to the least busy reader.
 *
 * Measured on the 2-core bench machine, scripts/bench-students.ts over 1,000,000 students, paired
 * runs with BENCH_READERS=0: at 20 connections the searches' p50 fell from 21-30 ms to 13-14 ms and
 * their p95 from 24-32 ms to 21-25 ms, the server thread's CPU from 1.1-1.5 to 0.4-0.6 ms a request;
 * the list page, all cheap reads, stayed as it was (12 ms; 0.9 ms at one connection). At one
 * connection a search pays its trip to the reader: +0.2-0.4 ms at p50, +0.5-1.2 ms at p95.
 *
 * - A read is a statement SQLite itself calls read-only that returns rows and is a SELECT (or WITH),
 *   asked outside a transaction. Inside one, everything stays on the main connection, so a
 *   transaction reads its own writes; and no read runs there while another caller's transaction is
 *   open, so none sees what is not committed.
 * - After a write commits on the main connection, the next read on any reader sees it: each read
 *   starts its own read transaction, at the newest commit. A read asked while another caller's
 *   transaction is open sees the state before it, as a PostgreSQL connection of the pool would.
 * - A reader's error arrives as the error better-sqlite3 would have thrown on the main thread
 *   (SqliteError with its code, TypeError, RangeError), so callers map it the same way.
 * - A reader that stops is dropped; with none left, reads run on the main connection.
 * - Readers are referenced only while they owe an answer, so they never keep a process alive;
 *   destroy() (Db.close) ends them.
 */
export function sqliteWithReaders(main: KeptStatements, file: string, readers: number, nativeBinding?: string): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ReadersDriver(main, file, readers, nativeBinding),
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
  };
}

function rebuildError(e: NonNullable<ReaderAnswer["error"]>): Error {
  if (e.code) return new SQLite.SqliteError(e.message, e.code);
  if (e.name === "TypeError") return new TypeError(e.message);
  if (e.name === "RangeError") return new RangeError(e.message);
  return new Error(e.message);
}

class Reader {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (answer: { rows: unknown[]; ms: number }) => void; reject: (err: unknown) => void }>();
  private nextId = 0;
  readonly ready: Promise<void>;
  alive = true;

  constructor(setup: ReaderSetup, onExit: (reader: Reader) => void) {
    this.worker = new Worker(new URL("./sqlite-reader-worker.mjs", import.meta.url), { workerData: setup });
    this.worker.unref();
    this.ready = new Promise((resolve, reject) => {
      this.worker.once("message", () => resolve());
      this.worker.once("error", reject);
      this.worker.once("exit", () => reject(new Error("an SQLite reader stopped as it started")));
    });
    this.worker.on("message", (m: ReaderAnswer) => this.answer(m));
    this.worker.on("error", () => {});
    this.worker.on("exit", () => {
      this.alive = false;
      for (const p of this.pending.values()) p.reject(new Error("an SQLite reader stopped before it answered"));
      this.pending.clear();
      onExit(this);
    });
  }

  get load() {
    return this.pending.size;
  }

  read(sql: string, parameters: readonly unknown[]): Promise<{ rows: unknown[]; ms: number }> {
    return new Promise((resolve, reject) => {
      // Referenced while it owes an answer: a script awaiting a read must not exit under it.
      if (this.pending.size === 0) this.worker.ref();
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      const request: ReadRequest = { id, sql, parameters };
      this.worker.postMessage(request);
    });
  }

  private answer(m: ReaderAnswer) {
    if (m.id === undefined) return;
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if (this.pending.size === 0) this.worker.unref();
    if (m.error) return p.reject(rebuildError(m.error));
    const rows = m.rows!;
    if (m.blobs)
      for (const row of rows)
        for (const [k, v] of Object.entries(row)) if (v instanceof Uint8Array) row[k] = Buffer.from(v.buffer, v.byteOffset, v.byteLength);
    p.resolve({ rows, ms: m.ms! });
  }

  stop() {
    return this.worker.terminate();
  }
}

/** A read that takes less than this stays on the main connection when it is free: the trip to a reader would cost more. */
const CHEAP_READ_MS = 0.2;

const isPlainRead = (stmt: SQLite.Statement, sql: string) => stmt.reader && stmt.readonly && /^\s*(select|with)\b/i.test(sql);

class ReadersDriver implements Driver {
  /** One holder at a time of the main connection: a transaction from begin to commit, or one write. */
  private readonly mutex = new Mutex();
  private readers: Reader[] = [];

  constructor(
    readonly main: KeptStatements,
    private readonly file: string,
    private readonly size: number,
    private readonly nativeBinding: string | undefined,
  ) {}

  async init() {
    const setup: ReaderSetup = { file: this.file, kept: KEPT_STATEMENTS, nativeBinding: this.nativeBinding };
    const readers = Array.from({ length: this.size }, () => new Reader(setup, (r) => (this.readers = this.readers.filter((x) => x !== r))));
    this.readers = readers;
    // A reader that cannot start (or open the file) leaves the reads to the others, or to the main
    // connection: it is dropped now, not when its thread's exit is reported, which comes later.
    const started = await Promise.allSettled(readers.map((r) => r.ready));
    const failed = new Set(readers.filter((_, i) => started[i].status === "rejected"));
    this.readers = this.readers.filter((r) => !failed.has(r));
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Connection(this);
  }

  /** The least busy reader, or none (then the main connection reads). */
  reader(): Reader | undefined {
    let best: Reader | undefined;
    for (const r of this.readers) if (r.alive && (!best || r.load < best.load)) best = r;
    return best;
  }

  lock() {
    return this.mutex.lock();
  }

  /** True when nothing holds or waits for the main connection: a read there sees only what is committed. */
  get mainFree() {
    return this.mutex.queued === 0;
  }

  /** What each statement has taken to run lately, in ms (kept with the statement, forgotten with it). */
  readonly cost = new WeakMap<SQLite.Statement, number>();

  noteCost(stmt: SQLite.Statement, ms: number) {
    const was = this.cost.get(stmt);
    this.cost.set(stmt, was === undefined ? ms : was * 0.8 + ms * 0.2);
  }

  run(stmt: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
    if (stmt.reader) return { rows: stmt.all(...parameters) };
    const { changes, lastInsertRowid } = stmt.run(...parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async beginTransaction(connection: DatabaseConnection) {
    const c = connection as Connection;
    c.release = await this.lock();
    try {
      this.main.prepare("begin").run();
    } catch (err) {
      c.end();
      throw err;
    }
  }

  async commitTransaction(connection: DatabaseConnection) {
    this.finish(connection as Connection, "commit");
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    this.finish(connection as Connection, "rollback");
  }

  private finish(c: Connection, how: "commit" | "rollback") {
    try {
      this.main.prepare(how).run();
    } finally {
      c.end();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoted(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection) {
    (connection as Connection).end();
  }

  async destroy() {
    const readers = this.readers;
    this.readers = [];
    await Promise.all(readers.map((r) => r.stop()));
    this.main.close();
  }
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

class Connection implements DatabaseConnection {
  /** Set while this connection holds the main connection for a transaction. */
  release: (() => void) | null = null;

  constructor(private readonly driver: ReadersDriver) {}

  end() {
    this.release?.();
    this.release = null;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const stmt = this.driver.main.prepare(query.sql);
    if (this.release) return this.driver.run(stmt, query.parameters) as QueryResult<R>;
    if (isPlainRead(stmt, query.sql)) {
      const cost = this.driver.cost.get(stmt);
      if (cost !== undefined && cost < CHEAP_READ_MS && this.driver.mainFree) {
        const started = performance.now();
        const rows = stmt.all(...query.parameters) as R[];
        this.driver.noteCost(stmt, performance.now() - started);
        return { rows };
      }
      const reader = this.driver.reader();
      if (reader) {
        const { rows, ms } = await reader.read(query.sql, query.parameters);
        this.driver.noteCost(stmt, ms);
        return { rows: rows as R[] };
      }
    }
    const release = await this.driver.lock();
    try {
      return this.driver.run(stmt, query.parameters) as QueryResult<R>;
    } finally {
      release();
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const release = this.release ? null : await this.driver.lock();
    try {
      const stmt = this.driver.main.prepare(query.sql);
      let rows: R[] = [];
      for (const row of stmt.iterate(...query.parameters)) {
        rows.push(row as R);
        if (rows.length >= chunkSize) {
          yield { rows };
          rows = [];
        }
      }
      if (rows.length) yield { rows };
    } finally {
      release?.();
    }
  }
}
