import type { EngineRegistry } from "../../engine/registry";
import { RegionSelectWidget } from "./region-select-widget";
import { CertificationSmsCodeWidget } from "./sms-code-widget";
import { CertificationStatePanel } from "./state-panel";

/** What the certification area lends the generated /groupCertification form (resources/certification/forms.ts) by name. */
export const certificationEngineParts: Partial<EngineRegistry> = {
  widgets: { regionSelect: RegionSelectWidget, certificationSmsCode: CertificationSmsCodeWidget },
  panels: { certificationState: CertificationStatePanel },
};
