import { liveLimits } from "../../resources/lives/live-api";
import { validatorMessages, whitelistReasons, whitelistTextMax, type WhitelistEntry, type WhitelistRow, type WhitelistRowError } from "../../resources/lives/live-validator";
import { recordAudit } from "../engine/audit";
import type { OrgScope } from "../engine/org-scope";
import { isUniqueViolation } from "../engine/table-query";
import { fail } from "../plugins/envelope";
import { activeLive } from "./active-live";
import { nextTurn } from "./yielding";

/** What an import would do, row by row: the rows it writes and the ones it refuses, with why. */
export interface Judgement {
  accepted: WhitelistRow[];
  errors: WhitelistRowError[];
}

/**
 * Rows judged or written between two turns of the event loop. The server has one thread: a
 * 20,000-row import done in one stretch held every other request for ~2 s (issue 16, /healthz
 * p95 2.1 s). A slice of 500 is a few milliseconds of work; between slices, waiting requests run.
 */
const SLICE = 500;

/**
 * The import's rules (2 §5, issue 10 item 10), applied in this order to each row: both values
 * present, neither past 64 characters, a password not already in the file above it, nor in the
 * live's list, and room left under the 50,000 entries of a live. A refused row takes no room.
 */
export async function judgeRows(rows: readonly WhitelistRow[], listed: ReadonlySet<string>, listedCount: number): Promise<Judgement> {
  const firstRowOf = new Map<string, number>();
  const accepted: WhitelistRow[] = [];
  const errors: WhitelistRowError[] = [];
  const room = Math.max(0, liveLimits.whitelistTotal - listedCount);
  const judge = (row: WhitelistRow, position: number) => {
    const refuse = (reason: string) => void errors.push({ row: position, username: row.username, password: row.password, reason });
    if (!row.username.trim() || !row.password.trim()) return refuse(whitelistReasons.empty);
    if ([...row.username].length > whitelistTextMax || [...row.password].length > whitelistTextMax) return refuse(whitelistReasons.tooLong);
    const first = firstRowOf.get(row.password);
    if (first !== undefined) return refuse(whitelistReasons.duplicateInFile(first));
    firstRowOf.set(row.password, position);
    if (listed.has(row.password)) return refuse(whitelistReasons.inList);
    if (accepted.length >= room) return refuse(whitelistReasons.overTotal);
    accepted.push({ username: row.username, password: row.password });
  };
  for (let index = 0; index < rows.length; index++) {
    judge(rows[index], index + 1);
    if (index % SLICE === SLICE - 1) await nextTurn();
  }
  return { accepted, errors };
}

/** Entries of a live's list read at a time, in the order of its (org_id, live_id, id) index. */
const PAGE = 5000;

/**
 * The passwords of a live's list (up to 50,000): what an import is judged against, read a page at
 * a time. Asking for the file's passwords by the unique (live_id, password) index instead would
 * read less, but SQLite, with no statistics, takes the list's index for it and reads the whole
 * list for every slice of passwords.
 */
async function listedPasswords(scope: OrgScope, liveId: number): Promise<Set<string>> {
  const listed = new Set<string>();
  for (let after = 0; ; ) {
    const page = await scope.selectFrom("live_whitelist").select(["id", "password"]).where("live_id", "=", liveId).where("id", ">", after).orderBy("id").limit(PAGE).execute();
    for (const { password } of page) listed.add(password);
    if (page.length < PAGE) return listed;
    after = page[page.length - 1].id;
    await nextTurn();
  }
}

async function entryCount(scope: OrgScope, liveId: number): Promise<number> {
  const row = await scope
    .selectFrom("live_whitelist")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("live_id", "=", liveId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The dry run: the judgement against the list as it is now; nothing is written. */
export async function checkImport(scope: OrgScope, liveId: number, rows: readonly WhitelistRow[]): Promise<Judgement> {
  const listed = await listedPasswords(scope, liveId);
  return judgeRows(rows, listed, listed.size);
}

/**
 * Every write of a live's list runs in one transaction that first takes the live (a row lock on
 * PostgreSQL; SQLite's single writer runs such transactions one at a time), so the count a write
 * is judged by cannot change under it: parallel adds and imports never pass 50,000 together.
 */
function underLiveLock<R>(scope: OrgScope, liveId: number, fn: (tx: OrgScope) => Promise<R>): Promise<R> {
  return scope.transaction(async (tx) => {
    if (!(await activeLive(tx, liveId, true))) throw fail.bad(validatorMessages.liveMissing, "roomid");
    return fn(tx);
  });
}

/**
 * The import: the dry run's judgement made again under the live's lock, then every accepted row
 * written in the same transaction, a slice a statement, with one audit row. A failure anywhere
 * writes nothing. The transaction stays open across the turns it yields: on SQLite other writes
 * wait for it (as they waited for the blocked thread before), reads go on at the readers.
 */
export function importRows(scope: OrgScope, liveId: number, rows: readonly WhitelistRow[]): Promise<{ added: number; errors: WhitelistRowError[] }> {
  return underLiveLock(scope, liveId, async (tx) => {
    const listed = await listedPasswords(tx, liveId);
    const { accepted, errors } = await judgeRows(rows, listed, listed.size);
    const now = Date.now();
    for (let i = 0; i < accepted.length; i += SLICE) {
      const values = accepted.slice(i, i + SLICE).map((row) => ({ live_id: liveId, username: row.username, password: row.password, created_at: now }));
      await tx.insertInto("live_whitelist", values).execute();
      await nextTurn();
    }
    if (accepted.length) await recordAudit(tx, { resource: "liveWhitelist", recordId: liveId, action: "create", after: { imported: accepted.length, total: listed.size + accepted.length } });
    return { added: accepted.length, errors };
  });
}

const taken = () => fail.bad(validatorMessages.passwordTaken, "password");

/** One entry added: refused past 50,000, or when the live already has its password (the unique index decides). */
export function addEntry(scope: OrgScope, liveId: number, entry: WhitelistRow): Promise<WhitelistEntry> {
  return underLiveLock(scope, liveId, async (tx) => {
    if ((await entryCount(tx, liveId)) >= liveLimits.whitelistTotal) throw fail.bad(validatorMessages.full);
    let id: number;
    try {
      const row = await tx
        .insertInto("live_whitelist", { live_id: liveId, username: entry.username, password: entry.password, created_at: Date.now() })
        .returning("id")
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (err) {
      throw isUniqueViolation(err) ? taken() : err;
    }
    const added = { id, username: entry.username, password: entry.password };
    await recordAudit(tx, { resource: "liveWhitelist", recordId: liveId, action: "create", after: added });
    return added;
  });
}

/** One entry changed; its new password must not be another entry's. */
export function updateEntry(scope: OrgScope, liveId: number, id: number, entry: WhitelistRow): Promise<WhitelistEntry> {
  return underLiveLock(scope, liveId, async (tx) => {
    const before = await tx.selectFrom("live_whitelist").select(["id", "username", "password"]).where("live_id", "=", liveId).where("id", "=", id).executeTakeFirst();
    if (!before) throw fail.notFound("白名单");
    try {
      await tx.updateTable("live_whitelist", { username: entry.username, password: entry.password }).where("live_id", "=", liveId).where("id", "=", id).execute();
    } catch (err) {
      throw isUniqueViolation(err) ? taken() : err;
    }
    const after = { id, username: entry.username, password: entry.password };
    await recordAudit(tx, { resource: "liveWhitelist", recordId: liveId, action: "update", before, after });
    return after;
  });
}

/** One entry removed, or (id 0) the whole list; answers how many went. */
export function removeEntries(scope: OrgScope, liveId: number, id: number): Promise<number> {
  return underLiveLock(scope, liveId, async (tx) => {
    if (id === 0) {
      const total = await entryCount(tx, liveId);
      await tx.deleteFrom("live_whitelist").where("live_id", "=", liveId).execute();
      if (total) await recordAudit(tx, { resource: "liveWhitelist", recordId: liveId, action: "remove", before: { cleared: total } });
      return total;
    }
    const before = await tx.selectFrom("live_whitelist").select(["id", "username", "password"]).where("live_id", "=", liveId).where("id", "=", id).executeTakeFirst();
    if (!before) throw fail.notFound("白名单");
    await tx.deleteFrom("live_whitelist").where("live_id", "=", liveId).where("id", "=", id).execute();
    await recordAudit(tx, { resource: "liveWhitelist", recordId: liveId, action: "remove", before });
    return 1;
  });
}

/** A page of the list in the order entries were added, and the total. */
export async function listPage(scope: OrgScope, liveId: number, page: number, limit: number) {
  const [resultset, total] = await Promise.all([
    scope
      .selectFrom("live_whitelist")
      .select(["id", "username", "password"])
      .where("live_id", "=", liveId)
      .orderBy("id")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    entryCount(scope, liveId),
  ]);
  return { total, page, limit, resultset };
}

/** Every entry (a live has at most 50,000), for the export. */
export async function allEntries(scope: OrgScope, liveId: number) {
  const resultset = await scope.selectFrom("live_whitelist").select(["id", "username", "password"]).where("live_id", "=", liveId).orderBy("id").limit(liveLimits.whitelistTotal).execute();
  return { total: resultset.length, resultset };
}
