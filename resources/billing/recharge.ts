import { ep } from "../kernel/endpoint";

/**
 * Recharge (3 §7.3): for now only the payment result /payresult reads. The rest of billing (the
 * recharge calls, the records) comes with its own issue and belongs here too.
 */
export const rechargeApi = {
  /**
   * `{trade_no}` → PayResult of the signed-in admin's organisation (menu key `recharge`); an
   * unknown number, or another organisation's, answers code 404 订单不存在. Polled every 3 s
   * while pending (2 §4 "WeChat recharge").
   */
  resultQuery: ep("GET /cms/wechatpay/resultquery"),
} as const;

export type PayStatus = "pending" | "paid" | "failed";

/** A recharge order as the result query answers it. */
export interface PayResult {
  trade_no: string;
  status: PayStatus;
  /** Yuan. */
  fee: number;
  /** wechatpay, alipay or bank. */
  way: string;
  CreateTime: string;
  /** '' until paid. */
  PayTime: string;
}

export const payWayLabels: Record<string, string> = { wechatpay: "微信支付", alipay: "支付宝", bank: "银行转账" };

/** How often a pending payment is asked about again (2 §4, 3 §7.3). */
export const payPollSeconds = 3;

/** The recharge menu key guarding the query (resources/kernel/menu.ts). */
export const rechargeMenuKey = "recharge";
