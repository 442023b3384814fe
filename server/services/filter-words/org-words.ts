import type { ExpressionBuilder } from "kysely";
import type { Database } from "../../db/schema";
import type { OrgScope } from "../../engine/org-scope";
import { buildMatcher, type WordMatcher } from "./matcher";

/**
 * Each organisation's matcher, built from its lists once per version and kept in this process.
 * The version is what the row says (`updated_at`, set by every save of either list, and the two
 * texts' lengths, in case two saves share a millisecond), read with each message that needs the
 * words: one look at a row by its key, so a save in any process reaches every room's next message
 * with no message between processes. Kept per database (tests run several in one process).
 */
interface Built {
  version: string;
  matcher: WordMatcher;
}

/** Organisations whose matcher stays built; past it the least recently used one goes. */
const KEPT = 500;

const byDatabase = new WeakMap<object, Map<number, Built>>();

const wordsOf = (text: string): string[] => {
  try {
    const words = (JSON.parse(text) as { words?: unknown }).words;
    return Array.isArray(words) ? words.filter((w): w is string => typeof w === "string") : [];
  } catch {
    return [];
  }
};

const versionOf = (eb: ExpressionBuilder<Database, "filter_words">) =>
  [eb.ref("updated_at").as("updated_at"), eb.fn<number>("length", ["black"]).as("b"), eb.fn<number>("length", ["white"]).as("w")] as const;

/** The organisation's matcher as its lists stand now (one that flags nothing while it has none). */
export async function orgMatcher(scope: OrgScope): Promise<WordMatcher> {
  let cache = byDatabase.get(scope.shared);
  if (!cache) byDatabase.set(scope.shared, (cache = new Map()));
  const stamp = await scope.selectFrom("filter_words").select(versionOf).executeTakeFirst();
  const version = stamp ? `${stamp.updated_at}:${stamp.b}:${stamp.w}` : "none";
  const kept = cache.get(scope.orgId);
  if (kept && kept.version === version) {
    cache.delete(scope.orgId);
    cache.set(scope.orgId, kept);
    return kept.matcher;
  }
  const row = stamp ? await scope.selectFrom("filter_words").select((eb) => [...versionOf(eb), "black", "white"]).executeTakeFirst() : undefined;
  const matcher = buildMatcher(row ? wordsOf(row.black) : [], row ? wordsOf(row.white) : []);
  cache.delete(scope.orgId);
  // Under the version of what was read: a save between the two reads only means one more build.
  cache.set(scope.orgId, { version: row ? `${row.updated_at}:${row.b}:${row.w}` : version, matcher });
  if (cache.size > KEPT) cache.delete(cache.keys().next().value!);
  return matcher;
}
