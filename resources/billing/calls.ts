import { access, defineCalls } from "../kernel/call";
import { rechargeApi, rechargeMenuKey } from "./recharge";

/**
 * The payment result (3 §7.3 resultquery) that /payresult polls. Billing itself (making orders,
 * the payment adapters) comes later; the query reads the organisation's own orders, so another
 * organisation's trade number is as unknown as a made-up one.
 */
export const billingCalls = defineCalls("billing", {
  payResult: {
    endpoint: rechargeApi.resultQuery,
    query: "recharge.result.query",
    access: access.menu([rechargeMenuKey]),
    summary: "A recharge order's payment result",
  },
});
