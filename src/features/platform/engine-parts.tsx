import type { EngineRegistry } from "../../engine/registry";
import { MaskedMobileWidget, OwnSmsCodeWidget } from "./own-password-widgets";

/** What the admin's own pages lend every generated form, by the names /changepwd's ui.json gives. */
export const adminEngineParts: Partial<EngineRegistry> = {
  widgets: { maskedMobile: MaskedMobileWidget, ownSmsCode: OwnSmsCodeWidget },
};
