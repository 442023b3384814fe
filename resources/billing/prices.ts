import type { ConsumeType } from "../stats/stats";

/** How an organisation pays (2 §9 pay type): from its balance, or in arrears up to its limit. */
export const payTypes = { balance: 1, arrears: 2 } as const;
export type PayType = (typeof payTypes)[keyof typeof payTypes];

/**
 * One line of a price list: what a unit of a consume type costs a day (3 §3 consume_detail).
 * `base` units a day are included free; `baseCost` is charged on every day the type is used
 * (a minimum), whatever the amount. Money in thousandths of a yuan.
 */
export interface PriceRule {
  /** The spec's rate_type, for the types it names; storage and minutes have none. */
  rateType?: "flow" | "bandwidth" | "concurrency";
  unitMilli: number;
  base: number;
  baseCostMilli: number;
}

/**
 * The price lists an organisation can be on (`organisations.price_list`); every new organisation is
 * on `standard`. Units are resources/stats/stats.ts consumeUnits: a day's peak concurrency of the
 * live and playback rooms, the day's peak vod bandwidth, the GB stored that day, the minutes
 * transcoded, the messages and voice minutes sent. SMS and voice are the spec's (2 §9: 0.10 yuan a
 * message, 0.15 a minute); the rest are Lectern's own default, stated in the README.
 */
export const priceLists: Record<string, Record<ConsumeType, PriceRule>> = {
  standard: {
    live: { rateType: "concurrency", unitMilli: 300, base: 0, baseCostMilli: 0 },
    replay: { rateType: "concurrency", unitMilli: 100, base: 0, baseCostMilli: 0 },
    bandwidth: { rateType: "bandwidth", unitMilli: 500, base: 0, baseCostMilli: 0 },
    oss: { unitMilli: 4, base: 10, baseCostMilli: 0 },
    convert: { unitMilli: 20, base: 0, baseCostMilli: 0 },
    sms: { unitMilli: 100, base: 0, baseCostMilli: 0 },
    voicesms: { unitMilli: 150, base: 0, baseCostMilli: 0 },
    // The smart reminder service's yearly fee (3 §9: 1998 yuan), charged when it is enabled.
    smart: { unitMilli: 1_998_000, base: 0, baseCostMilli: 0 },
  },
};

export const defaultPriceList = "standard";

/** A day's cost of `value` units under `rule`, in thousandths: the units beyond the free base, plus the minimum on a day of use. */
export function costOf(rule: PriceRule, value: number): number {
  if (!(value > 0)) return 0;
  return Math.round(Math.max(0, value - rule.base) * rule.unitMilli) + rule.baseCostMilli;
}

/**
 * consume_detail of one rated day and type (3 §3). Amounts in the type's unit, money in yuan; the
 * monthly figures run from the first of the day's month through the day.
 */
export interface ConsumeDetail {
  rate_type?: PriceRule["rateType"];
  rate_period: "daily" | "monthly";
  excess_period: "hourly" | "daily" | "monthly";
  daily_consume: number;
  daily_discount: number;
  monthly_consume: number;
  monthly_discount: number;
  discount_value: number;
  base: number;
  base_cost: number;
}

/** An amount of use to two decimals, as the records keep it (GB, Mbps). */
export const round2 = (n: number) => Math.round(n * 100) / 100;

/** consume_detail of a day (3 §3): the day's use and the part of it the free base covered, and the month's so far. */
export function consumeDetail(rule: PriceRule, value: number, monthBefore: number): ConsumeDetail {
  const discount = Math.min(value, rule.base);
  return {
    ...(rule.rateType ? { rate_type: rule.rateType } : {}),
    rate_period: "daily",
    excess_period: "daily",
    daily_consume: value,
    daily_discount: discount,
    monthly_consume: round2(monthBefore + value),
    monthly_discount: 0,
    discount_value: discount,
    base: rule.base,
    base_cost: rule.baseCostMilli / 1000,
  };
}

/** The ledger's kinds of movement (issue 19 item 1), with the words the records show for them. */
export const ledgerKinds = { recharge: "充值", consumption: "消费", refund: "退款", adjustment: "调整" } as const;

/** Every ledger row is in the organisation's audit log under this resource (issue 19 item 10), written by no person. */
export const ledgerAudit = { resource: "ledger", title: "账户流水", actor: "系统" } as const;
export type LedgerKind = keyof typeof ledgerKinds;

const rateTypeWords: Record<NonNullable<PriceRule["rateType"]>, string> = { concurrency: "峰值并发", bandwidth: "峰值带宽", flow: "流量" };
const periodWords: Record<ConsumeDetail["excess_period"], string> = { hourly: "小时", daily: "日", monthly: "月" };

/**
 * The billing label of a rated day (3 §9): what was measured and over what period, and a monthly
 * minimum where there is one: 峰值并发·按日计费, 按日计费，免费10GB (the free base in `unit`).
 */
export function billingLabel(detail: Partial<ConsumeDetail>, unit = ""): string {
  if (!detail.rate_period) return "";
  const measured = detail.rate_type ? `${rateTypeWords[detail.rate_type]}·` : "";
  const period = `按${periodWords[detail.rate_period === "monthly" ? "monthly" : "daily"]}计费`;
  const free = detail.base ? `，免费${detail.base}${unit}` : "";
  const excess = detail.excess_period && detail.excess_period !== detail.rate_period ? `，超出部分按${periodWords[detail.excess_period]}计费` : "";
  const minimum = detail.base_cost ? `，最低消费¥${detail.base_cost.toFixed(2)}` : "";
  return `${measured}${period}${free}${excess}${minimum}`;
}
