import type { PayResult } from "../../../resources/billing/recharge";
import { billingCalls } from "../../../resources/billing/calls";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { formatDateTime } from "../../services/datetime";

/** A recharge order's payment result, read through the session's organisation scope. */
export default defineFeature({
  group: billingCalls,
  handlers: ({ db }) => ({
    payResult: async (request) => {
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
    },
  }),
});
