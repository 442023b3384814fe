import crypto from "node:crypto";

/** What a payment provider says of an order in its notify. */
export interface PayClaim {
  trade_no: string;
  /** The amount paid, in thousandths of a yuan. */
  fee_milli: number;
  status: "paid" | "failed";
  ts: number;
  nonce: string;
}

/**
 * A payment provider behind Lectern's recharge (DESIGN.md: outside services sit behind adapters
 * with a working local default). A real provider (Alipay, WeChat Pay) is another implementation:
 * its checkout address and its notify's signature scheme.
 */
export interface PaymentAdapter {
  /** Where the payer goes (alipay) or what the QR encodes (wechatpay) to pay the order. */
  checkoutUrl(tradeNo: string): string;
  /** The claim of a notify whose signature is this provider's; null when it is not. */
  verifyNotify(claim: PayClaim, signature: string | undefined): boolean;
}

const hmac = (key: Buffer, text: string) => crypto.createHmac("sha256", key).update(text).digest("hex");
const same = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
const signed = (c: PayClaim) => `${c.trade_no}|${c.fee_milli}|${c.status}|${c.ts}|${c.nonce}`;

/** The notify header carrying the signature. */
export const signatureHeader = "x-pay-signature";

/**
 * The local sandbox provider: its order page (served by Lectern under /pay-sandbox) pays or cancels,
 * then notifies Lectern signed with its own key, derived from the server's secret, as a real
 * provider would with the key it shares with a merchant. An order page's address carries the
 * order's signature, so only an address Lectern issued opens one.
 */
export function sandboxPayments(secret: Buffer, pagePath: string) {
  const notifyKey = crypto.createHmac("sha256", secret).update("pay-sandbox:notify").digest();
  const pageKey = crypto.createHmac("sha256", secret).update("pay-sandbox:page").digest();
  const orderSign = (tradeNo: string) => hmac(pageKey, tradeNo);
  return {
    checkoutUrl: (tradeNo: string) => `${pagePath}?${new URLSearchParams({ trade_no: tradeNo, sign: orderSign(tradeNo) })}`,
    verifyNotify: (claim: PayClaim, signature: string | undefined) => !!signature && same(hmac(notifyKey, signed(claim)), signature),
    /** Whether an order page's address is one Lectern issued. */
    verifyOrderSign: (tradeNo: string, sign: string) => same(orderSign(tradeNo), sign),
    /** The sandbox's notify of `claim`, with its signature. */
    signNotify: (claim: PayClaim) => hmac(notifyKey, signed(claim)),
  } satisfies PaymentAdapter & Record<string, unknown>;
}
