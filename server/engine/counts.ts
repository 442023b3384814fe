import { countedTables } from "../db/migrations/0015-engine-counts";
import type { OrgScope } from "./org-scope";

const counted: ReadonlySet<string> = new Set(countedTables);

/**
 * Whether the rows of `table` per organisation are counted by triggers (migration 0015), so an
 * unfiltered list reads its total instead of counting it. A table a later migration adds to the
 * engine is counted once that migration installs its triggers and lists it here.
 */
export const hasKeptCount = (table: string) => counted.has(table);

/** The organisation's kept number of rows of `table` (no row: none yet). */
export async function keptCount(scope: OrgScope, table: string): Promise<number> {
  const row = await scope.selectFrom("engine_counts").select("n").where("table_name", "=", table).executeTakeFirst();
  return Number(row?.n ?? 0);
}
