import type { EngineRegistry } from "../../engine/registry";
import { AmountPresetsWidget } from "./amount-presets-widget";
import { RechargePay } from "./recharge-pay";

/** What the billing area lends the generated recharge form (resources/billing/forms.ts) by name. */
export const billingEngineParts: Partial<EngineRegistry> = {
  widgets: { amountPresets: AmountPresetsWidget },
  savedParts: { rechargePay: RechargePay },
};
