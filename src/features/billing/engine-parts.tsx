import { alertApi } from "../../../resources/billing/alerts";
import type { EngineRegistry } from "../../engine/registry";
import { captchaCodeWidget } from "../auth";
import { AmountPresetsWidget } from "./amount-presets-widget";
import { RechargePay } from "./recharge-pay";

/** What the billing area lends the generated forms (the recharge, a low-balance recipient) by name. */
export const billingEngineParts: Partial<EngineRegistry> = {
  // A recipient's code: on a refusal the server's words are shown as they are (3 §8, SMS notify operations).
  widgets: { amountPresets: AmountPresetsWidget, recipientSmsCode: captchaCodeWidget({ call: alertApi.recipientCode, request: "notify-person.code", failed: "" }) },
  savedParts: { rechargePay: RechargePay },
};
