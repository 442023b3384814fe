import type { OrgScope } from "../engine/org-scope";

/**
 * Whether the live is the organisation's and not voided; with `lock`, on PostgreSQL it is also
 * locked until the transaction ends (SQLite has one writer, whose transactions already run one at
 * a time), so writes hanging off one live (its whitelist) are judged one after another.
 */
export async function activeLive(scope: OrgScope, liveId: number, lock = false): Promise<boolean> {
  let query = scope.selectFrom("lives").select("id").where("id", "=", liveId).where("voided", "=", 0);
  if (lock && scope.dialect === "postgres") query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}
