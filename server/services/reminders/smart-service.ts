import { consumeDetail, defaultPriceList, payTypes, priceLists } from "../../../resources/billing/prices";
import { insufficientBalanceCode, liveMessages } from "../../../resources/lives/live-api";
import { reminderConfigDefaults, SERVICE_YEARS } from "../../../resources/reminders/smart-reminder";
import type { Db } from "../../db/database";
import { moveBalance } from "../../engine/ledger";
import type { OrgScope } from "../../engine/org-scope";
import { ApiError } from "../../plugins/envelope";
import { formatDateTime } from "../datetime";
import { localDay } from "../stat-range";

/**
 * The smart reminder service's one-way switch (3 §2.7, §4 "off, then confirmation, then on"): on
 * while the year paid for by its enable lasts.
 */

export interface ServiceStatus {
  /** 3 §7.7 data.status: 1 on, 0 off. */
  status: 0 | 1;
  /** When the paid year ends ('YYYY-MM-DD HH:mm:ss'), empty while off. */
  paidUntil: string;
}

export async function serviceStatus(scope: OrgScope, now = Date.now()): Promise<ServiceStatus> {
  const row = await scope.selectFrom("smart_reminders").select("paid_until").executeTakeFirst();
  const until = Number(row?.paid_until ?? 0);
  return until > now ? { status: 1, paidUntil: formatDateTime(until) } : { status: 0, paidUntil: "" };
}

/** The ledger reference of an organisation's yearly fee: one charge per organisation and year, however many enables race. */
export const serviceFeeRef = (orgId: number, year: number) => `smart:${orgId}:${year}`;

const yearAfter = (ms: number) => {
  const d = new Date(ms);
  d.setFullYear(d.getFullYear() + SERVICE_YEARS);
  return d.getTime();
};

/**
 * Turns the service on for `orgId`, charging its yearly fee (its price list's `smart`) once, in one
 * transaction with the organisation's row locked (PostgreSQL; SQLite has one writer), so parallel
 * enables charge once: the first turns it on, the others find it on. Refused with 918 under the
 * organisation's pay type as a new live is (2 §8, §9), but for the fee: paying from the balance,
 * when the balance cannot cover the fee (当前余额不足，请尽快充值！); in arrears, when the fee would
 * take it past its arrears limit (您的账号欠费已达到最大额度限制，请及时充值！). Enabling a service that
 * is on changes nothing and charges nothing. The fee is the day's consumption of type smart (3 §9
 * consume type 30) and a consumption row of the ledger.
 */
export async function enableService(db: Db, orgId: number, now = Date.now()): Promise<ServiceStatus & { charged: boolean }> {
  return db.kysely.transaction().execute(async (tx) => {
    let orgQuery = tx.selectFrom("organisations").select(["balance_milli", "arrears_limit_milli", "pay_type", "price_list"]).where("id", "=", orgId);
    if (db.dialect === "postgres") orgQuery = orgQuery.forUpdate();
    const org = await orgQuery.executeTakeFirstOrThrow();
    const row = await tx.selectFrom("smart_reminders").select("paid_until").where("org_id", "=", orgId).executeTakeFirst();
    const until = Number(row?.paid_until ?? 0);
    if (until > now) return { status: 1, paidUntil: formatDateTime(until), charged: false };

    const rule = (priceLists[org.price_list] ?? priceLists[defaultPriceList]).smart;
    const fee = rule.unitMilli;
    const balance = Number(org.balance_milli);
    if (org.pay_type === payTypes.balance) {
      if (balance < fee) throw new ApiError(insufficientBalanceCode, liveMessages.insufficientBalance);
    } else if (balance - fee < -Number(org.arrears_limit_milli)) throw new ApiError(insufficientBalanceCode, liveMessages.arrearsLimit);

    const moved = await moveBalance(tx, orgId, { kind: "consumption", amountMilli: -fee, ref: serviceFeeRef(orgId, new Date(now).getFullYear()), note: "智能提醒服务年费" }, now);
    if (moved.applied) {
      await tx
        .insertInto("daily_consumption")
        .values({ org_id: orgId, day: localDay(now), type: "smart", value: 1, cost_milli: fee, detail: JSON.stringify(consumeDetail(rule, 1, 0)) })
        .onConflict((oc) => oc.columns(["org_id", "day", "type"]).doUpdateSet((eb) => ({ value: eb("daily_consumption.value", "+", 1), cost_milli: eb("daily_consumption.cost_milli", "+", fee) })))
        .execute();
    }
    const paidUntil = yearAfter(now);
    await tx
      .insertInto("smart_reminders")
      .values({ org_id: orgId, config: JSON.stringify(reminderConfigDefaults), updated_at: now, enabled_at: now, paid_until: paidUntil })
      .onConflict((oc) => oc.column("org_id").doUpdateSet({ enabled_at: now, paid_until: paidUntil }))
      .execute();
    return { status: 1, paidUntil: formatDateTime(paidUntil), charged: moved.applied };
  });
}
