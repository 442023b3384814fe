import { recordAudit } from "../../engine/audit";
import type { OrgScope } from "../../engine/org-scope";
import { fail } from "../../plugins/envelope";
import { AUDITED_AS, auditedLive, findLive, voidedRefusal } from "./records";

/**
 * Voids a live of the organisation (2 §4: Status 1 → 0, one way, no restore): DELETE /cms/live,
 * and the `{id, status: 0}` branch of PATCH /cms/live on the sub-class list. The update is
 * conditional (`voided = 0 → 1`), so of two parallel voids one lands and the other is told the live
 * is voided already; the audit row shares the update's transaction. Another organisation's live is
 * 记录不存在. A main classroom's sub-classes stay as they are: the spec voids one live at a time.
 */
export async function voidLive(scope: OrgScope, id: number): Promise<void> {
  await scope.transaction(async (tx) => {
    const before = await findLive(tx, id);
    const voided = await tx.updateTable("lives", { voided: 1, updated_at: Date.now() }).where("id", "=", id).where("voided", "=", 0).executeTakeFirst();
    if (Number(voided.numUpdatedRows) === 0) {
      const still = await tx.selectFrom("lives").select("id").where("id", "=", id).executeTakeFirst();
      throw still ? voidedRefusal() : fail.notFound();
    }
    await recordAudit(tx, { resource: AUDITED_AS, recordId: id, action: "update", before: auditedLive(before), after: auditedLive({ ...before, Status: 0 }) });
  });
}
