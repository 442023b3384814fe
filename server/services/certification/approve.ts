import { certificationStates } from "../../../resources/certification/certification";
import type { Db } from "../../db/database";

export type ApprovalOutcome = "approved" | "already certified" | "nothing submitted";

/**
 * A platform operator's approval (scripts/certify.ts): the organisation's record waiting as
 * 'validating' becomes 'validate-complete'. There is no session here: the operator names the
 * organisation. One conditional update, so an approval racing a modification approves either the
 * record as it was or nothing, never a change made after it was read.
 */
export async function approveCertification(db: Db, orgId: number, now = Date.now()): Promise<ApprovalOutcome> {
  const done = await db.kysely
    .updateTable("certifications")
    .set({ state: certificationStates.complete, certified_at: now })
    .where("org_id", "=", orgId)
    .where("state", "=", certificationStates.validating)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 1) return "approved";
  const row = await db.kysely.selectFrom("certifications").select("state").where("org_id", "=", orgId).executeTakeFirst();
  return row ? "already certified" : "nothing submitted";
}
