import crypto from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { rechargeMessages, type PayWay, type RechargeRecord } from "../../../resources/billing/recharge";
import type { PayClaim } from "../../adapters/payment";
import type { Db } from "../../db/database";
import { moveBalance } from "../../engine/ledger";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError, fail } from "../../plugins/envelope";
import { emitFor } from "../data-push/emit";
import { formatDateTime } from "../datetime";
import { parseDateTime } from "../local-time";

/** Thousandths of a yuan of an amount typed in yuan, when it is whole fen; null otherwise. */
export function milliOfYuan(fee: number): number | null {
  const fen = Math.round(fee * 100);
  return fen > 0 && Math.abs(fee * 100 - fen) < 1e-6 ? fen * 10 : null;
}

/** A payment's number: the day and time it was made, and randomness no one can guess or repeat. */
const tradeNumber = (now: number) => `LT${new Date(now).toISOString().replace(/\D/g, "").slice(0, 14)}${crypto.randomBytes(6).toString("hex")}`;

/** A pending recharge of `fee` yuan for the organisation; its number. */
export async function createOrder(scope: OrgScope, fee: number, way: PayWay, now = Date.now()): Promise<{ tradeNo: string; feeMilli: number }> {
  const feeMilli = milliOfYuan(fee);
  if (feeMilli === null) throw fail.bad(rechargeMessages.badFee, "fee");
  const tradeNo = tradeNumber(now);
  await scope.insertInto("recharge_orders", { trade_no: tradeNo, fee_milli: feeMilli, way, status: "pending", created_at: now }).execute();
  return { tradeNo, feeMilli };
}

/**
 * A provider's notify, its signature already verified: a paid order is credited once, with its own
 * amount, and the order and the balance move in one transaction. The order's pending → paid (or
 * failed) is a conditional update, so of notifies arriving together (a replay, a retry) one moves
 * it and the others find it moved; the ledger's `recharge:<trade_no>` would refuse a second credit
 * anyway. A notify whose amount is not the order's moves nothing.
 */
export async function acceptNotify(db: Db, claim: Pick<PayClaim, "trade_no" | "fee_milli" | "status">, log: FastifyBaseLogger, now = Date.now()): Promise<"credited" | "failed" | "unchanged"> {
  const order = await db.kysely.selectFrom("recharge_orders").select(["org_id", "fee_milli", "status"]).where("trade_no", "=", claim.trade_no).executeTakeFirst();
  if (!order) throw fail.notFound("订单");
  if (Number(order.fee_milli) !== claim.fee_milli) {
    log.warn({ trade_no: claim.trade_no, claimed: claim.fee_milli, ordered: Number(order.fee_milli) }, "a payment notify's amount is not its order's; nothing moved");
    throw new ApiError(400, rechargeMessages.wrongAmount);
  }
  const result = await db.kysely.transaction().execute(async (tx): Promise<"credited" | "failed" | "unchanged"> => {
    const moved = await tx
      .updateTable("recharge_orders")
      .set({ status: claim.status, paid_at: claim.status === "paid" ? now : null })
      .where("trade_no", "=", claim.trade_no)
      .where("status", "=", "pending")
      .returning("org_id")
      .executeTakeFirst();
    if (!moved) return "unchanged";
    if (claim.status === "failed") return "failed";
    await moveBalance(tx, moved.org_id, { kind: "recharge", amountMilli: claim.fee_milli, ref: `recharge:${claim.trade_no}`, note: "充值" }, now);
    return "credited";
  });
  if (result === "credited") emitFor(db, order.org_id, "recharge.paid", { trade_no: claim.trade_no, fee: claim.fee_milli / 1000, paid_at: now });
  return result;
}

/**
 * The platform operator's credit of a bank transfer that arrived (`npm run bank-credit`): the
 * pending bank order its note names, for the amount received. The same once-only path as a
 * provider's notify; an order of another way, or an amount that is not the order's, moves nothing.
 */
export async function creditBankTransfer(db: Db, tradeNo: string, feeMilli: number, log: FastifyBaseLogger, now = Date.now()) {
  const order = await db.kysely.selectFrom("recharge_orders").select("way").where("trade_no", "=", tradeNo).executeTakeFirst();
  if (!order) throw fail.notFound("订单");
  if (order.way !== "bank") throw new ApiError(400, "该订单不是银行转账订单");
  return acceptNotify(db, { trade_no: tradeNo, fee_milli: feeMilli, status: "paid" }, log, now);
}

/** A page of the organisation's paid recharges, newest first, within [from, to] when given. */
export async function rechargeRecords(scope: OrgScope, q: { page: number; count: number; begints?: string; endts?: string }): Promise<{ rows: RechargeRecord[]; total: number }> {
  let base = scope.selectFrom("recharge_orders").where("status", "=", "paid");
  const from = q.begints ? parseDateTime(q.begints) : null;
  const to = q.endts ? parseDateTime(q.endts, true) : null;
  if (from !== null) base = base.where("created_at", ">=", from);
  if (to !== null) base = base.where("created_at", "<=", to);
  const [rows, total] = await Promise.all([
    base
      .select(["id", "created_at", "fee_milli", "way"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(q.count)
      .offset((q.page - 1) * q.count)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ Id: r.id, CreateTime: formatDateTime(Number(r.created_at)), Fee: Number(r.fee_milli) / 1000, Way: r.way })),
    total: Number(total.n),
  };
}

/** An order as the payment sandbox's page shows it, by its number alone (the page has no session; its address is signed). */
export async function orderByNumber(db: Db, tradeNo: string) {
  const order = await db.kysely
    .selectFrom("recharge_orders as o")
    .innerJoin("organisations as g", "g.id", "o.org_id")
    .select(["o.fee_milli", "o.way", "o.status", "g.name"])
    .where("o.trade_no", "=", tradeNo)
    .executeTakeFirst();
  return order && { feeMilli: Number(order.fee_milli), way: order.way as PayWay, status: order.status, merchant: order.name };
}
