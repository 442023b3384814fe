import { recordAudit } from "../../engine/audit";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { AUDITED_AS, needActiveLive } from "./records";

/** The audience base of a live of the organisation (2 §7 initial audience count). */
export async function initNumOf(scope: OrgScope, liveId: number): Promise<number> {
  const live = await scope.selectFrom("lives").select("init_num").where("id", "=", liveId).executeTakeFirst();
  if (!live) throw fail.notFound();
  return live.init_num;
}

/**
 * Sets the audience base (0 to 10,000,000, the schema's bounds) of an active live, with its audit
 * row in the same transaction; the answer is the stored value.
 */
export async function setInitNum(scope: OrgScope, liveId: number, initNum: number): Promise<number> {
  return scope.transaction(async (tx) => {
    await needActiveLive(tx, liveId);
    const before = await initNumOf(tx, liveId);
    await tx.updateTable("lives", { init_num: initNum, updated_at: Date.now() }).where("id", "=", liveId).execute();
    await recordAudit(tx, { resource: AUDITED_AS, recordId: liveId, action: "update", before: { Id: liveId, InitNum: before }, after: { Id: liveId, InitNum: initNum } });
    return initNum;
  });
}
