// @ts-check
/**
 * One SQLite reader thread of sqlite-driver.ts: a read-only connection to the server's file that
 * answers the plain reads it is sent.
 *
 * Plain JavaScript, type-checked through its JSDoc (tsconfig allowJs + the ts-check line above),
 * because a worker thread is started by Node itself, not by whoever loaded the server: under tsx
 * (`node --import tsx server/main.ts`) a .ts worker would load, but Vitest's module runner does not
 * reach into worker threads and plain Node 20 cannot read TypeScript, so only a plain ES module
 * starts the same under all three.
 */
import { Buffer } from "node:buffer";
import { performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

/**
 * @typedef {object} ReaderSetup What the driver hands a reader as it starts it.
 * @property {string} file The database file, opened read-only.
 * @property {number} kept Statements kept prepared (the driver's own limit).
 * @property {string | undefined} nativeBinding A better-sqlite3 binding other than the installed one (another Node ABI).
 */

/**
 * @typedef {object} ReadRequest
 * @property {number} id
 * @property {string} sql
 * @property {readonly unknown[]} parameters
 */

/**
 * @typedef {object} ReaderAnswer The first message is `{ ready: true }`; every other answers one request by its id.
 * @property {boolean} [ready]
 * @property {number} [id]
 * @property {Record<string, unknown>[]} [rows]
 * @property {boolean} [blobs] Some value was a Buffer; it arrives as a plain Uint8Array and must be turned back.
 * @property {number} [ms] How long the statement took to run.
 * @property {{ name?: string; message: string; code?: string }} [error] What better-sqlite3 threw, to be rebuilt on the other side.
 */

const port = parentPort;
if (!port) throw new Error("sqlite-reader-worker.mjs runs only as a worker thread");
const setup = /** @type {ReaderSetup} */ (workerData);

const db = new SQLite(setup.file, { readonly: true, fileMustExist: true, nativeBinding: setup.nativeBinding });
db.pragma("busy_timeout = 5000");

/** @type {Map<string, SQLite.Statement>} */
const kept = new Map();

/** @param {string} sql */
function statement(sql) {
  let stmt = kept.get(sql);
  if (!stmt) {
    stmt = db.prepare(sql);
    kept.set(sql, stmt);
    // Insertion order: the first key is the one prepared longest ago.
    if (kept.size > setup.kept) kept.delete(/** @type {string} */ (kept.keys().next().value));
  }
  return stmt;
}

/** @param {ReaderAnswer} answer */
const send = (answer) => port.postMessage(answer);

port.on("message", (/** @type {ReadRequest} */ { id, sql, parameters }) => {
  try {
    const stmt = statement(sql);
    const started = performance.now();
    const rows = /** @type {Record<string, unknown>[]} */ (stmt.all(parameters));
    const ms = performance.now() - started;
    const blobs = rows.some((row) => Object.values(row).some((v) => Buffer.isBuffer(v)));
    send({ id, rows, blobs, ms });
  } catch (e) {
    const err = /** @type {{ name?: string; message?: unknown; code?: string } | null | undefined} */ (e);
    send({ id, error: { name: err?.name, message: String(err?.message), code: err?.code } });
  }
});
send({ ready: true });
