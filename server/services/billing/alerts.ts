import type { MessageAdapter } from "../../adapters/sms";
import type { Db } from "../../db/database";
import type { Job, JobRunner } from "../../engine/jobs";
import { lowBalanceJob, type LowBalancePayload } from "../../engine/ledger";

const yuan = (milli: number) => (milli / 1000).toFixed(2);

/** The low-balance SMS (3 §2.3): what fell to what, and what to do. */
export const lowBalanceText = (p: LowBalancePayload) =>
  `【Lectern】您的账户余额已降至${yuan(p.balanceMilli)}元，低于预警金额${yuan(p.thresholdMilli)}元，请及时充值，以免影响直播和点播服务。`;

/**
 * Texts every recipient of the organisation once for a crossing (the ledger row that made it): a
 * recipient's row in balance_alert_sends is written before the text goes, so a retried job skips
 * who was already told; a recipient added after the crossing is told too, while the job has not run.
 */
export function registerLowBalanceJob(runner: JobRunner, db: Db, messages: MessageAdapter) {
  const k = db.kysely;
  runner.register(lowBalanceJob, {
    async run(job: Job) {
      const payload = job.payload as LowBalancePayload;
      const recipients = await k.selectFrom("notify_persons").select("mobile").where("org_id", "=", job.orgId).orderBy("id").execute();
      for (const { mobile } of recipients) {
        const first = await k
          .insertInto("balance_alert_sends")
          .values({ org_id: job.orgId, ledger_id: payload.ledgerId, mobile, created_at: Date.now() })
          .onConflict((oc) => oc.columns(["ledger_id", "mobile"]).doNothing())
          .returning("id")
          .executeTakeFirst();
        if (first) await messages.sendNotice(mobile, "lowBalance", lowBalanceText(payload));
      }
    },
  });
}
