import { access, defineCalls } from "../kernel/call";
import { paySandboxApi, rechargeApi, rechargeMenuKey } from "./recharge";
import rechargeRecord from "./recharge-record";
import { alertApi, overviewMenuKey } from "./alerts";
import { ledgerApi } from "./ledger";

const signed = "the payment provider's notify carries no session: its HMAC signature with the provider's key is what it is checked by, and it only moves an existing order's own amount, once";
const sandbox = "the payment sandbox's order page is opened by the payer's browser or a phone scanning the QR, with no session: the address's HMAC signature of the order is what admits it";

/**
 * Recharge (3 §7.3, issue 19 item 3): orders, the payment result /payresult polls, the paid
 * records, the provider's signed notify and the sandbox provider's pages. Every order query reads
 * the organisation's own orders, so another organisation's trade number is as unknown as a
 * made-up one.
 */
export const billingCalls = defineCalls("billing", {
  payResult: {
    endpoint: rechargeApi.resultQuery,
    query: "recharge.result.query",
    access: access.menu([rechargeMenuKey]),
    summary: "A recharge order's payment result",
  },
  alipay: {
    endpoint: rechargeApi.alipay,
    body: "recharge.order",
    access: access.menu([rechargeMenuKey]),
    limits: ["ordersPerPerson"],
    summary: "A pending alipay recharge of fee yuan: url (the payment page) and redirect",
  },
  wechatpay: {
    endpoint: rechargeApi.wechatpay,
    body: "recharge.order",
    access: access.menu([rechargeMenuKey]),
    limits: ["ordersPerPerson"],
    summary: "A pending wechatpay recharge of fee yuan: wechatpay_url (for the QR), ordreno, fee",
  },
  bank: {
    endpoint: rechargeApi.bank,
    body: "recharge.order",
    access: access.menu([rechargeMenuKey]),
    limits: ["ordersPerPerson"],
    summary: "A pending bank-transfer recharge of fee yuan: trade_no (the transfer's note), fee and the operator's account",
  },
  records: {
    endpoint: rechargeApi.records,
    query: "recharge.records.query",
    access: access.menu(rechargeRecord),
    summary: "The organisation's paid recharges, newest first: Id, CreateTime, Fee (yuan), Way; count",
  },
  search: {
    endpoint: rechargeApi.search,
    query: "recharge.records.query",
    access: access.menu(rechargeRecord),
    summary: "The paid recharges made within begints..endts (epoch ms)",
  },
  notify: {
    endpoint: rechargeApi.notify,
    body: "pay.notify",
    access: access.public(signed),
    limits: ["paymentsPerIp"],
    summary: "The payment provider's signed notify (X-Pay-Signature): credits a paid order once, for its own amount",
  },
  sandboxPage: {
    endpoint: paySandboxApi.page,
    query: "pay.sandbox.query",
    access: access.public(sandbox),
    limits: ["paymentsPerIp"],
    answer: "html",
    summary: "The payment sandbox's order page: the amount, 确认支付 and 取消支付",
  },
  sandboxAct: {
    endpoint: paySandboxApi.act,
    body: "pay.sandbox.act",
    access: access.public(sandbox),
    limits: ["paymentsPerIp"],
    summary: "The payment sandbox pays or cancels the order, and notifies Lectern as a provider does",
  },
  recipientCode: {
    endpoint: alertApi.recipientCode,
    body: "notify-person.code",
    access: access.menu([overviewMenuKey]),
    limits: ["codesPerPerson", "codesPerIp"],
    summary: "An SMS code to a would-be low-balance recipient's mobile, behind its graphic captcha",
  },
  reconcile: {
    endpoint: ledgerApi.reconcile,
    access: access.menu([overviewMenuKey]),
    summary: "The organisation's balance beside the sum and count of its ledger, read in one snapshot: balance, ledger (yuan), rows, agrees",
  },
  sandboxScript: {
    endpoint: paySandboxApi.script,
    access: access.public("the payment sandbox's page script, the same file for everyone; it carries no data"),
    answer: "javascript",
    summary: "The payment sandbox page's script",
  },
});
