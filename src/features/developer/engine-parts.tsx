import { developerApi } from "../../../resources/developer/developer";
import type { EngineRegistry } from "../../engine/registry";
import { smsCodeWidget } from "../../components/sms-code-widget";
import { AppKeyShown } from "./app-key-shown";

/**
 * What /appidop's dialogs (resources/developer/page.ts) borrow by name: each code box with its own
 * call (the key's code to one's own phone, the reset's to the main admin's), and the key once seen.
 */
export const developerEngineParts: Partial<EngineRegistry> = {
  widgets: { appKeySmsCode: smsCodeWidget(developerApi.keyCode), appIdResetSmsCode: smsCodeWidget(developerApi.resetCode) },
  savedParts: { appKeyShown: AppKeyShown },
};
