import { ep } from "../kernel/endpoint";

/**
 * Recharge (3 §7.3, issue 19 item 3). An order is made pending and paid through the payment
 * adapter (server/adapters/payment.ts; by default Lectern's own sandbox, under /pay-sandbox); only
 * the provider's signed notify moves money, once per order, for the order's own amount.
 */
export const rechargeApi = {
  /**
   * `{trade_no}` → PayResult of the signed-in admin's organisation (menu key `recharge`); an
   * unknown number, or another organisation's, answers code 404 订单不存在. Polled every 3 s
   * while pending (2 §4 "WeChat recharge").
   */
  resultQuery: ep("GET /cms/wechatpay/resultquery"),
  /** `{fee}` (yuan) → `{url, redirect, trade_no}`: the payment page the browser goes to. */
  alipay: ep("POST /cms/alipay/recharge"),
  /** `{fee}` (yuan) → `{wechatpay_url, ordreno, fee}`: what the QR encodes, and the order to poll. */
  wechatpay: ep("POST /cms/wechatpay/recharge"),
  /**
   * `{fee}` (yuan) → `{trade_no, fee, account: {name, bank, number}}`: a pending bank-transfer
   * order; the payer writes its number as the transfer's note, and the platform operator credits
   * it when the money arrives (`npm run bank-credit`).
   */
  bank: ep("POST /cms/bank/recharge"),
  /** `page`, `count` → the paid recharges, newest first (RechargeRecord), and `count`. */
  records: ep("GET /cms/pay/rechargeinfo"),
  /** The same within `begints`..`endts` (epoch ms, both included). */
  search: ep("GET /cms/pay/rechargesearch"),
  /** The payment provider's notify: a signed claim that an order was paid or failed. */
  notify: ep("POST /cms/pay/notify"),
} as const;

/** The payment sandbox's order page and its pay and cancel (the adapter's local default). */
export const paySandboxApi = {
  page: ep("GET /pay-sandbox/order"),
  act: ep("POST /pay-sandbox/order"),
  script: ep("GET /pay-sandbox/pay.js"),
} as const;

/** Ways to pay (3 §7.3); a bank transfer's order waits for the operator, not for a provider's notify. */
export const payWays = ["alipay", "wechatpay", "bank"] as const;
export type PayWay = (typeof payWays)[number];

/** The recharge page's presets, in yuan (3 §7.3). */
export const rechargePresets = [1000, 3000, 5000, 10000] as const;

/** A bank-transfer order as `bank` answers it: where to send the money and the note to write. */
export interface BankOrder {
  trade_no: string;
  /** Yuan. */
  fee: number;
  account: { name: string; bank: string; number: string };
}

/** A paid recharge as the record lists it (3 §7.3): Fee in yuan. */
export interface RechargeRecord {
  Id: number;
  CreateTime: string;
  Fee: number;
  Way: string;
}

export const rechargeMessages = {
  badFee: "请输入正确的充值金额",
  badSignature: "签名不正确",
  wrongAmount: "支付金额与订单不符",
  paid: "支付成功",
  cancelled: "已取消支付",
  bankClosed: "银行转账未开通，请选择其他支付方式",
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
