import type { EngineRegistry } from "../../engine/registry";
import { PushApisWidget } from "./push-apis-widget";
import { PushDeliveriesPanel } from "./push-deliveries-panel";
import { PushSecretPanel } from "./push-secret-panel";
import { PushSwitchWidget } from "./push-switch-widget";

/** What the data-push area lends /pushDataOp's generated form (resources/data-push/forms.ts) by name. */
export const dataPushEngineParts: Partial<EngineRegistry> = {
  widgets: { pushSwitch: PushSwitchWidget, pushApis: PushApisWidget },
  panels: { pushSecret: PushSecretPanel, pushDeliveries: PushDeliveriesPanel },
};
