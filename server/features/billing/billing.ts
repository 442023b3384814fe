import crypto from "node:crypto";
import fs from "node:fs";
import type { FastifyRequest } from "fastify";
import { billingCalls } from "../../../resources/billing/calls";
import { paySandboxApi, payWayLabels, rechargeApi, rechargeMessages, type BankOrder, type PayResult, type PayWay } from "../../../resources/billing/recharge";
import { signatureHeader, sandboxPayments, type PayClaim } from "../../adapters/payment";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { registerLowBalanceJob } from "../../services/billing/alerts";
import { booksOf } from "../../services/billing/books";
import { acceptNotify, createOrder, orderByNumber, rechargeRecords } from "../../services/billing/recharge";
import { formatDateTime } from "../../services/datetime";
import { tokenSecret } from "../../services/tool-tokens";
import { issueSmsCode, needCaptcha } from "../../services/codes";
import { alertMessages } from "../../../resources/billing/alerts";
import type { Reconciliation } from "../../../resources/billing/ledger";

const file = (name: string) => fs.readFileSync(new URL(`../../pay-sandbox/${name}`, import.meta.url), "utf8");
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yuan = (milli: number) => (milli / 1000).toFixed(2);
const missingOrder = "<!doctype html><meta charset=utf-8><title>订单不存在</title><p>订单不存在或支付链接不正确。</p>";

/**
 * Recharge (3 §7.3, issue 19 item 3) with the sandbox payment provider as the adapter's local
 * default. The sandbox's pay reaches Lectern's notify the way a provider's would, through the
 * server's own request pipeline (schema, rate limit, signature), never by a shortcut.
 */
export default defineFeature({
  group: billingCalls,
  handlers: ({ db, config, app, messages }) => {
    registerLowBalanceJob(app.jobs, db, messages);
    const payments = sandboxPayments(tokenSecret(config), paySandboxApi.page.path);
    const template = file("order.html");
    const script = file("pay.js");
    const returnUrl = (tradeNo: string) => `/payresult?${new URLSearchParams({ trade_no: tradeNo })}`;
    const order = (request: FastifyRequest, way: PayWay) => createOrder(orgScope(request, db), (request.body as { fee: number }).fee, way);
    const records = async (request: FastifyRequest) => {
      const { rows, total } = await rechargeRecords(orgScope(request, db), request.query as { page: number; count: number; begints?: string; endts?: string });
      return ok(rows, { count: total, totalCount: total });
    };

    return {
      payResult: async (request) => {
        const { trade_no } = request.query as { trade_no: string };
        const row = await orgScope(request, db)
          .selectFrom("recharge_orders")
          .select(["trade_no", "status", "fee_milli", "way", "created_at", "paid_at"])
          .where("trade_no", "=", trade_no)
          .executeTakeFirst();
        if (!row) throw fail.notFound("订单");
        const result: PayResult = {
          trade_no: row.trade_no,
          status: row.status,
          fee: Number(row.fee_milli) / 1000,
          way: row.way,
          CreateTime: formatDateTime(Number(row.created_at)),
          PayTime: row.paid_at ? formatDateTime(Number(row.paid_at)) : "",
        };
        return ok(result);
      },

      alipay: async (request) => {
        const { tradeNo } = await order(request, "alipay");
        const url = payments.checkoutUrl(tradeNo);
        return ok({ url, redirect: url, trade_no: tradeNo });
      },

      wechatpay: async (request) => {
        const { tradeNo, feeMilli } = await order(request, "wechatpay");
        return ok({ wechatpay_url: payments.checkoutUrl(tradeNo), ordreno: tradeNo, fee: feeMilli / 1000 });
      },

      bank: async (request) => {
        if (!config.bankAccount) throw fail.bad(rechargeMessages.bankClosed, "way");
        const { tradeNo, feeMilli } = await order(request, "bank");
        const answer: BankOrder = { trade_no: tradeNo, fee: feeMilli / 1000, account: config.bankAccount };
        return ok(answer);
      },

      reconcile: async (request) => {
        const books = await booksOf(orgScope(request, db));
        const answer: Reconciliation = { balance: books.balanceMilli / 1000, ledger: books.ledgerMilli / 1000, rows: books.rows, agrees: books.balanceMilli === books.ledgerMilli };
        return ok(answer);
      },

      records,
      search: records,

      notify: async (request) => {
        const claim = request.body as PayClaim;
        const signature = request.headers[signatureHeader];
        if (!payments.verifyNotify(claim, typeof signature === "string" ? signature : undefined)) throw new ApiError(403, "签名不正确", 403);
        const outcome = await acceptNotify(db, claim, request.log);
        return ok({ outcome }, { msg: "success" });
      },

      recipientCode: async (request) => {
        const { mobile, authcode } = request.body as { mobile: string; authcode: string };
        await needCaptcha(db, mobile, authcode);
        const taken = await orgScope(request, db).selectFrom("notify_persons").select("id").where("mobile", "=", mobile).executeTakeFirst();
        if (taken) throw fail.bad(alertMessages.mobileTaken, "mobile");
        await issueSmsCode(db, messages, mobile, "notify");
        return ok(null, { msg: alertMessages.codeSent });
      },

      sandboxPage: async (request, reply) => {
        const { trade_no, sign } = request.query as { trade_no: string; sign: string };
        const found = payments.verifyOrderSign(trade_no, sign) ? await orderByNumber(db, trade_no) : undefined;
        if (!found) return reply.code(404).header("content-type", "text/html; charset=utf-8").send(missingOrder);
        const pending = found.status === "pending";
        const fill: Record<string, string> = {
          way: payWayLabels[found.way] ?? found.way,
          wayKey: found.way,
          merchant: found.merchant,
          tradeNo: trade_no,
          sign,
          fee: yuan(found.feeMilli),
          status: found.status,
          actionsHidden: pending ? "" : "hidden",
          stateClass: found.status === "paid" ? "ok" : pending ? "" : "bad",
          stateText: found.status === "paid" ? "此订单已支付" : pending ? "" : "此订单已取消",
          script: paySandboxApi.script.path,
        };
        return reply
          .header("content-type", "text/html; charset=utf-8")
          .header("cache-control", "no-store")
          .send(template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escapeHtml(fill[key] ?? "")));
      },

      sandboxAct: async (request) => {
        const { trade_no, sign, action } = request.body as { trade_no: string; sign: string; action: "pay" | "cancel" };
        const found = payments.verifyOrderSign(trade_no, sign) ? await orderByNumber(db, trade_no) : undefined;
        if (!found) throw fail.notFound("订单");
        if (found.status === "pending") {
          const claim: PayClaim = { trade_no, fee_milli: found.feeMilli, status: action === "pay" ? "paid" : "failed", ts: Date.now(), nonce: crypto.randomBytes(8).toString("hex") };
          const answer = await app.inject({ method: "POST", url: rechargeApi.notify.path, payload: claim, headers: { [signatureHeader]: payments.signNotify(claim) } });
          const body = answer.json() as { code: number; msg: string };
          if (body.code !== 0) throw new ApiError(body.code, body.msg);
        }
        const after = await orderByNumber(db, trade_no);
        return ok({ status: after!.status, return_url: returnUrl(trade_no) });
      },

      sandboxScript: async (_request, reply) =>
        reply.header("content-type", "text/javascript; charset=utf-8").header("cache-control", "no-cache").send(script),
    };
  },
});
