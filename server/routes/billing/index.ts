import type { FastifyInstance } from "fastify";
import { rechargeApi, rechargeMenuKey, type PayResult } from "../../../resources/recharge";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { resourceGuard } from "../../plugins/permissions";
import { formatDateTime } from "../../services/datetime";
import { route } from "../../engine/route";

/**
 * The payment result (3 §7.3 resultquery) that /payresult polls. Billing itself (making orders,
 * the payment adapters) comes later; the query already reads the organisation's own orders, so
 * another organisation's trade number is as unknown as a made-up one.
 */
export default async function billingRoutes(app: FastifyInstance, { db }: Ctx) {
  const guard = resourceGuard({ menu: { group: "account", key: rechargeMenuKey } });

  route(app, rechargeApi.resultQuery, { query: "recharge.result.query", guard, summary: "A recharge order's payment result", tags: ["recharge"] }, async (request) => {
    const { trade_no } = request.query as { trade_no: string };
    const order = await orgScope(request, db)
      .selectFrom("recharge_orders")
      .select(["trade_no", "status", "fee_milli", "way", "created_at", "paid_at"])
      .where("trade_no", "=", trade_no)
      .executeTakeFirst();
    if (!order) throw fail.notFound("订单");
    const result: PayResult = {
      trade_no: order.trade_no,
      status: order.status,
      fee: order.fee_milli / 1000,
      way: order.way,
      CreateTime: formatDateTime(order.created_at),
      PayTime: order.paid_at ? formatDateTime(order.paid_at) : "",
    };
    return ok(result);
  });
}
