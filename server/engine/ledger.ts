import { PostgresAdapter, type Kysely } from "kysely";
import { thresholdMilli } from "../../resources/billing/alerts";
import { ledgerAudit, ledgerKinds, type LedgerKind } from "../../resources/billing/prices";
import type { Database } from "../db/schema";
import { enqueue } from "./jobs";

/*
 * Money (DESIGN.md: counters, money and one-time codes updated atomically): the one way any feature
 * moves an organisation's balance. It lives in the engine beside the jobs and rate counters because
 * it is called with no request as often as with one (a payment's signed notify, the rating job, a
 * new organisation), always naming its one organisation.
 */

/** A change of one organisation's balance: signed thousandths of a yuan, and what moved it. */
export interface Movement {
  kind: LedgerKind;
  amountMilli: number;
  /** Unique within the organisation (`recharge:<trade_no>`, `consume:<day>`): the same movement twice moves money once. */
  ref: string;
  note?: string;
}

/** The job a fall to the warning threshold queues: it texts the organisation's recipients (server/services/billing/alerts.ts). */
export const lowBalanceJob = "low-balance";

/** What a low-balance job is handed: the crossing's ledger row and where the balance stood. */
export interface LowBalancePayload {
  ledgerId: number;
  balanceMilli: number;
  thresholdMilli: number;
}

/**
 * A movement that takes the balance from above the organisation's warning threshold to it or below
 * (3 §2.3) queues the recipients' SMS in its own transaction: the crossing is this ledger row, so
 * it is texted once however the job is retried, and a balance that stays low crosses nothing again.
 */
async function queueLowBalance(k: Kysely<Database>, orgId: number, ledgerId: number, beforeMilli: number, afterMilli: number, now: number) {
  const alert = await k.selectFrom("balance_alerts").select("config").where("org_id", "=", orgId).executeTakeFirst();
  const threshold = thresholdMilli(alert?.config);
  if (!(beforeMilli > threshold && afterMilli <= threshold)) return;
  const payload: LowBalancePayload = { ledgerId, balanceMilli: afterMilli, thresholdMilli: threshold };
  await enqueue(k, { kind: lowBalanceJob, orgId, subject: `ledger:${ledgerId}`, payload }, now);
}

/** An organisation's balance when it starts, as the first row of its ledger. */
export const openingBalance = (amountMilli: number): Movement => ({ kind: "adjustment", amountMilli, ref: "opening", note: "开账余额" });

/** The most one movement may carry either way: a thousand million yuan. */
export const MAX_MOVEMENT_MILLI = 1e12;

/**
 * Moves `orgId`'s balance by `m` and writes its ledger row, in one transaction (or the caller's), so
 * the balance always equals the sum of its ledger. The ledger row goes in first: when its `ref` is
 * already there (a replayed notify, a second rating of a day, even one racing the first, which
 * waits on the organisation) nothing moves. The balance is added to in the database, never read
 * and written back, so parallel movements all count. Answers whether it moved and the balance after.
 */
export async function moveBalance(k: Kysely<Database>, orgId: number, m: Movement, now = Date.now()): Promise<{ applied: boolean; balanceMilli: number }> {
  if (!Number.isSafeInteger(m.amountMilli) || Math.abs(m.amountMilli) > MAX_MOVEMENT_MILLI) throw new RangeError(`not an amount of money: ${m.amountMilli}`);
  if (!k.isTransaction) return k.transaction().execute((tx) => moveBalance(tx, orgId, m, now));
  // The organisation first, so its movements are written one after another in the order their
  // balances run (SQLite has one writer already).
  if (k.getExecutor().adapter instanceof PostgresAdapter) await k.selectFrom("organisations").select("id").where("id", "=", orgId).forUpdate().execute();
  const row = await k
    .insertInto("ledger")
    .values({ org_id: orgId, kind: m.kind, amount_milli: m.amountMilli, balance_milli: 0, ref: m.ref, note: m.note ?? "", created_at: now })
    .onConflict((oc) => oc.columns(["org_id", "ref"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) {
    const org = await k.selectFrom("organisations").select("balance_milli").where("id", "=", orgId).executeTakeFirstOrThrow();
    return { applied: false, balanceMilli: Number(org.balance_milli) };
  }
  const org = await k
    .updateTable("organisations")
    .set((eb) => ({ balance_milli: eb("balance_milli", "+", m.amountMilli) }))
    .where("id", "=", orgId)
    .returning("balance_milli")
    .executeTakeFirstOrThrow();
  const balanceMilli = Number(org.balance_milli);
  await k.updateTable("ledger").set({ balance_milli: balanceMilli }).where("id", "=", row.id).execute();
  // The movement in the audit log, in its own transaction: 类型, 金额 and 余额 in yuan, what moved it.
  const yuan = (milli: number) => (milli / 1000).toFixed(3);
  const entry = { 类型: ledgerKinds[m.kind], 金额: yuan(m.amountMilli), 余额: yuan(balanceMilli), 来源: m.ref, 说明: m.note ?? "" };
  await k
    .insertInto("audit_log")
    .values({ org_id: orgId, actor_id: 0, actor_name: ledgerAudit.actor, resource: ledgerAudit.resource, record_id: row.id, action: "create", diff: JSON.stringify({ before: {}, after: entry }), created_at: now })
    .execute();
  if (m.amountMilli < 0) await queueLowBalance(k, orgId, row.id, balanceMilli - m.amountMilli, balanceMilli, now);
  return { applied: true, balanceMilli };
}

/**
 * An organisation's balance beside the sum and count of its ledger, which must agree (issue 19 item
 * 10's reconciliation). One statement, so both are read in one snapshot on either database: a
 * movement committing meanwhile is in both or in neither.
 */
export async function reconcile(k: Kysely<Database>, orgId: number): Promise<{ balanceMilli: number; ledgerMilli: number; rows: number }> {
  const row = await k
    .selectFrom("organisations as o")
    .select((eb) => [
      "o.balance_milli",
      eb.selectFrom("ledger").select((l) => l.fn.coalesce(l.fn.sum<number>("amount_milli"), l.lit(0)).as("n")).where("org_id", "=", orgId).as("sum"),
      eb.selectFrom("ledger").select((l) => l.fn.countAll<number>().as("c")).where("org_id", "=", orgId).as("rows"),
    ])
    .where("o.id", "=", orgId)
    .executeTakeFirstOrThrow();
  return { balanceMilli: Number(row.balance_milli), ledgerMilli: Number(row.sum ?? 0), rows: Number(row.rows ?? 0) };
}
