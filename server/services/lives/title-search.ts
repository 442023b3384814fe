import { sql, type Expression, type SqlBool } from "kysely";
import type { OrgScope } from "../../engine/org-scope";
import { recordedCourseType } from "../../../resources/vod/vod-course";
import { escapeLike } from "../courses";

/**
 * A search of live titles by a fragment (2 §2 直播名称), over the piece index of migration 0021:
 * every 1- and 2-character piece of a lower-cased title, its tokens carrying the organisation (taken
 * here from the scope), so a raw query of the index still reaches only this organisation's lives.
 * The index only narrows; LIKE decides, so both databases answer the same rows.
 */

/** Whether the index holds the lives of courses of this type under tokens of their own. */
export const typeIndexed = (courseType: number | undefined) => courseType === recordedCourseType;

/** A key's characters as the index holds titles: SQLite's lower() folds ASCII only, so this does the same. */
const titleChars = (key: string) => Array.from(key.replace(/[A-Z]/g, (c) => c.toLowerCase()));

/** The distinct runs of two characters of a key, or the key itself when it is one character. */
function pieces(chars: string[]): string[] {
  if (chars.length <= 2) return [chars.join("")];
  return [...new Set(chars.slice(0, -1).map((c, i) => c + chars[i + 1]))];
}

/**
 * A token as the SQLite triggers write it: hex of "org/piece", or of "org~200/piece" for the
 * recorded sessions' pieces (migration 0026), which are indexed under both.
 */
const token = (scope: OrgScope, piece: string, courseType?: number) =>
  Buffer.from(`${scope.orgId}${typeIndexed(courseType) ? `~${courseType}` : ""}/${piece}`, "utf8").toString("hex");

const likeTitle = (key: string) => sql<SqlBool>`lower(l.title) like lower(${`%${escapeLike(key)}%`}) escape '\\'`;

/**
 * Lives `l` whose title holds the key. `scan`: LIKE alone, for a list another filter has already
 * narrowed (one course, one teacher's lives) or a key so common that the lives read in start order
 * soon fill a page; otherwise the candidates come from the index first.
 */
export function titleMatch(scope: OrgScope, key: string, scan = false, courseType?: number): Expression<SqlBool> {
  if (scan) return likeTitle(key);
  if (scope.dialect === "postgres")
    return sql<SqlBool>`(live_title_grams(l.org_id, l.title) @> live_key_grams(${scope.orgId}, ${key}) and ${likeTitle(key)})`;
  const match = pieces(titleChars(key)).map((piece) => `"${token(scope, piece, courseType)}"`).join(" AND ");
  return sql<SqlBool>`(l.id in (select rowid from live_search where live_search match ${match}) and ${likeTitle(key)})`;
}

/**
 * SQLite: how many of the organisation's lives (of the type, where `typeIndexed`) hold a one- or two-character key, read off the
 * index's vocabulary (every such title holds the key's one token, so this is their number); null
 * for a longer key or on PostgreSQL.
 */
export async function shortKeyHits(scope: OrgScope, key: string, courseType?: number): Promise<number | null> {
  const chars = titleChars(key);
  if (scope.dialect !== "sqlite" || chars.length > 2) return null;
  const found = await sql<{ n: number }>`select doc as n from live_search_terms where term = ${token(scope, chars.join(""), courseType)}`.execute(scope.shared);
  return Number(found.rows[0]?.n ?? 0);
}

/** Candidates at least this many, and this many times the rows a page needs: walk the lives in start order. */
export const WALK_MIN_HITS = 2000;
const WALK_HITS_PER_ROW = 200;

/** Whether a page ending at `pageEnd` is best read in start order with LIKE alone, given the key's hits. */
export const denseEnough = (hits: number | null, pageEnd: number) => hits !== null && hits >= WALK_MIN_HITS && pageEnd * WALK_HITS_PER_ROW <= hits;
