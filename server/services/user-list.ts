import { sql } from "kysely";
import type { Role } from "../db/schema";
import type { OrgScope } from "../engine/org-scope";

/**
 * The person lists' reads, all inside one organisation through its scope. The search index
 * (FTS5 on SQLite, trigram GIN on PostgreSQL) has no org_id column: its tokens carry the
 * organisation and role (migrations 0002, 0005), taken here from the scope, so a raw query on
 * it runs on `scope.shared` and still reaches only this organisation's rows.
 */

/** Which list: an organisation (the scope) and a role in it. */
export interface ListOf {
  scope: OrgScope;
  role: Role;
}

export interface ListQuery {
  role: Role;
  page: number;
  count: number;
  /** A fragment of the name, or three or more digits of the mobile. */
  key?: string;
}

export interface ListedIdentity {
  id: number;
  name: string;
  nick: string;
  mobile: string;
  userop: string;
  useropex: string;
  updated_at: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Three or more digits may be a piece of a mobile; fewer would match nearly every number. */
const mobileFragment = (key: string) => /^\d{3,}$/.test(key);

/** The distinct runs of `size` characters in `chars`, or all of them when there are fewer. */
const pieces = (chars: string[], size: number) => [
  ...new Set(chars.length <= size ? [chars.join("")] : chars.slice(0, chars.length - size + 1).map((_, i) => chars.slice(i, i + size).join(""))),
];

/**
 * A token as the SQLite triggers write it (migration 0002): hex of "org/role/piece", in lower case
 * as FTS5's tokenizer folds it.
 */
const searchToken = (q: ListOf, piece: string) => Buffer.from(`${q.scope.orgId}/${q.role}/${piece}`, "utf8").toString("hex");

/** A key's characters as the index holds names: SQLite's built-in lower() folds ASCII only, so this does the same. */
const nameChars = (key: string) => Array.from(key.replace(/[A-Z]/g, (c) => c.toLowerCase()));

/** The FTS5 query for a key, built from its pieces' tokens. */
function sqliteMatch(q: ListOf, key: string): string {
  const token = (piece: string) => `"${searchToken(q, piece)}"`;
  const byName = pieces(nameChars(key), 2).map(token).join(" AND ");
  if (!mobileFragment(key)) return byName;
  return `(${byName}) OR (${pieces(Array.from(key), 3).map(token).join(" AND ")})`;
}

const columns = ["i.id", "i.name", "i.nick", "p.mobile", "i.userop", "i.useropex", "i.updated_at"] as const;

/**
 * The rows of one list that match a key. The index only narrows; LIKE decides, so both
 * databases answer the same rows (save letter case beyond ASCII, which SQLite's lower() leaves
 * alone and PostgreSQL's folds). SQLite takes its candidates from FTS5; PostgreSQL answers
 * by name and by mobile in two branches, so that each starts from its own GIN index (an IN
 * over a union of ids leads its planner to scan the whole organisation instead).
 *
 * `byOrder` (SQLite, a name key the index has already found dense in the list, see searchSqlite):
 * the rows are read along the list index and LIKE alone decides each, since every row LIKE keeps
 * holds the key's token anyway. Checking them against the candidates instead would first collect
 * all of them (28,986 for "丽" among 1,000,000: 3.5 ms, where the page itself takes 0.1 ms).
 */
export function matching(q: ListOf, key: string, byOrder = false) {
  const like = `%${escapeLike(key)}%`;
  const byName = sql<boolean>`lower(i.name) like lower(${like}) escape '\\'`;
  const byMobile = sql<boolean>`p.mobile like ${like} escape '\\'`;
  const rows = q.scope.selectFrom("identities as i").innerJoin("persons as p", "p.id", "i.person_id").select(columns).where("i.role", "=", q.role);
  if (q.scope.dialect === "sqlite" && byOrder && !mobileFragment(key)) return rows.where(byName);
  if (q.scope.dialect === "sqlite")
    return rows
      .where(sql<boolean>`i.id in (select rowid from identity_search where identity_search match ${sqliteMatch(q, key)})`)
      .where(mobileFragment(key) ? sql<boolean>`(${byName} or ${byMobile})` : byName);
  const names = rows.where(sql<boolean>`identity_name_grams(i.org_id, i.role, i.name) @> identity_key_grams(${q.scope.orgId}, ${q.role}, ${key})`).where(byName);
  if (!mobileFragment(key)) return names;
  return names.union(rows.where(sql<boolean>`mobile_grams(p.mobile) @> mobile_grams(${key})`).where(byMobile));
}

/** SQLite: the rows holding a one- or two-character name key's token, read off the index's vocabulary (migration 0005). */
export const shortKeyTotal = (q: ListOf, key: string) =>
  sql<{ n: number }>`select doc as n from identity_search_terms where term = ${searchToken(q, nameChars(key).join(""))}`;

/** Candidates from the index at least this many, and this many times the rows a page needs: walk the list in order. */
const WALK_MIN_HITS = 2000;
const WALK_HITS_PER_ROW = 200;

/**
 * A search on SQLite, the same rows and count as the plain query, with less work on broad keys:
 *
 * - for a name key of one or two characters the index's vocabulary counts its candidates first (the
 *   rows holding its one token, migration 0005: 0.4 ms for 29,000 hits where a count(*) of the FTS5
 *   match took 1.1 ms); with many, the page walks the list index (org_id, role, updated_at, id) newest first
 *   and keeps the rows whose name holds the key, which stops after about page-end × list / candidates
 *   rows (at most 1 in WALK_HITS_PER_ROW of the list), instead of fetching and sorting every
 *   candidate; with few, or with longer and mobile keys (whose candidates LIKE may mostly reject, so
 *   a walk could read the whole list), it starts from the candidates;
 * - a name key of one or two characters is itself one index token (no mobile piece is that short),
 *   so every candidate contains it and LIKE would keep them all: the candidates are the count. Other
 *   keys are counted by the page query itself, with a window count over the rows LIKE keeps.
 */
async function searchSqlite(list: ListOf, q: ListQuery, key: string, offset: number): Promise<{ rows: ListedIdentity[]; total: number }> {
  if (!mobileFragment(key) && Array.from(key).length <= 2) {
    const hits = await shortKeyTotal(list, key).execute(list.scope.shared);
    const candidates = Number(hits.rows[0]?.n ?? 0);
    const byOrder = candidates >= WALK_MIN_HITS && (offset + q.count) * WALK_HITS_PER_ROW <= candidates;
    const rows = await matching(list, key, byOrder).orderBy("i.updated_at", "desc").orderBy("i.id", "desc").limit(q.count).offset(offset).execute();
    return { rows, total: candidates };
  }
  // The page carries the number of all its matches (a window count over the same rows), so the
  // candidates are read and checked once, not once for the page and again for the count.
  const found = await matching(list, key)
    .select(sql<number>`count(*) over ()`.as("total"))
    .orderBy("i.updated_at", "desc")
    .orderBy("i.id", "desc")
    .limit(q.count)
    .offset(offset)
    .execute();
  const rows = found.map(({ total: _total, ...row }) => row);
  if (found.length > 0 || offset === 0) return { rows, total: Number(found[0]?.total ?? 0) };
  // A page past the end has no row to carry the count.
  const counted = await list.scope.shared.selectFrom(matching(list, key).as("t")).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return { rows, total: Number(counted.n) };
}

/** One page of the organisation's people in one role, newest change first, and the total. */
export async function listIdentities(scope: OrgScope, q: ListQuery): Promise<{ rows: ListedIdentity[]; total: number }> {
  const list: ListOf = { scope, role: q.role };
  const key = q.key?.trim() ?? "";
  const offset = (q.page - 1) * q.count;
  if (key === "") {
    // The whole list's total is the count the triggers of migration 0005 keep, not a count(*) over it.
    const [rows, total] = await Promise.all([
      scope
        .selectFrom("identities as i")
        .innerJoin("persons as p", "p.id", "i.person_id")
        .select(columns)
        .where("i.role", "=", q.role)
        .orderBy("i.updated_at", "desc")
        .orderBy("i.id", "desc")
        .limit(q.count)
        .offset(offset)
        .execute(),
      scope.selectFrom("identity_counts").select("n").where("role", "=", q.role).executeTakeFirst(),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  }
  if (scope.dialect === "sqlite") return searchSqlite(list, q, key, offset);
  // A derived table of the scoped query: its rows are the organisation's already.
  const found = matching(list, key).as("t");
  const [rows, total] = await Promise.all([
    scope.shared.selectFrom(found).selectAll().orderBy("t.updated_at", "desc").orderBy("t.id", "desc").limit(q.count).offset(offset).execute(),
    scope.shared.selectFrom(found).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
