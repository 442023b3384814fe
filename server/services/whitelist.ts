import { liveLimits } from "../../resources/live-api";
import { validatorMessages, whitelistReasons, whitelistTextMax, type WhitelistEntry, type WhitelistRow, type WhitelistRowError } from "../../resources/live-validator";
import { recordAudit } from "../engine/audit";
import type { OrgScope } from "../engine/org-scope";
import { isUniqueViolation } from "../engine/table-query";
import { fail } from "../plugins/envelope";
import { activeLive } from "./active-live";

/** What an import would do, row by row: the rows it writes and the ones it refuses, with why. */
export interface Judgement {
  accepted: WhitelistRow[];
  errors: WhitelistRowError[];
}

/**
 * The import's rules (2 §5, issue 10 item 10), applied in this order to each row: both values
 * present, neither past 64 characters, a password not already in the file above it, nor in the
 * live's list, and room left under the 50,000 entries of a live. A refused row takes no room.
 */
export function judgeRows(rows: readonly WhitelistRow[], listed: ReadonlySet<string>, listedCount: number): Judgement {
  const firstRowOf = new Map<string, number>();
  const accepted: WhitelistRow[] = [];
  const errors: WhitelistRowError[] = [];
  const room = Math.max(0, liveLimits.whitelistTotal - listedCount);
  rows.forEach((row, index) => {
    const position = index + 1;
    const refuse = (reason: string) => void errors.push({ row: position, username: row.username, password: row.password, reason });
    if (!row.username.trim() || !row.password.trim()) return refuse(whitelistReasons.empty);
    if ([...row.username].length > whitelistTextMax || [...row.password].length > whitelistTextMax) return refuse(whitelistReasons.tooLong);
    const first = firstRowOf.get(row.password);
    if (first !== undefined) return refuse(whitelistReasons.duplicateInFile(first));
    firstRowOf.set(row.password, position);
    if (listed.has(row.password)) return refuse(whitelistReasons.inList);
    if (accepted.length >= room) return refuse(whitelistReasons.overTotal);
    accepted.push({ username: row.username, password: row.password });
  });
  return { accepted, errors };
}

/** The passwords of a live's list: what an import is judged against. */
async function listedPasswords(scope: OrgScope, liveId: number): Promise<Set<string>> {
  const rows = await scope.selectFrom("live_whitelist").select("password").where("live_id", "=", liveId).execute();
  return new Set(rows.map((r) => r.password));
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

/** Rows a statement inserts: 5 values each, well inside SQLite's 32,766 and PostgreSQL's 65,535. */
const CHUNK = 2000;

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
 * written in the same transaction (in a few multi-row statements) with one audit row. A failure
 * anywhere writes nothing.
 */
export function importRows(scope: OrgScope, liveId: number, rows: readonly WhitelistRow[]): Promise<{ added: number; errors: WhitelistRowError[] }> {
  return underLiveLock(scope, liveId, async (tx) => {
    const listed = await listedPasswords(tx, liveId);
    const { accepted, errors } = judgeRows(rows, listed, listed.size);
    const now = Date.now();
    for (let i = 0; i < accepted.length; i += CHUNK) {
      const values = accepted.slice(i, i + CHUNK).map((row) => ({ live_id: liveId, username: row.username, password: row.password, created_at: now }));
      await tx.insertInto("live_whitelist", values).execute();
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
