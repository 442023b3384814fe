import type { EngineRegistry } from "../../engine/registry";
import { ReminderTimeWidget } from "./reminder-time-widget";
import { SmartServicePanel } from "./smart-service-panel";

/** What the reminders area lends /smartTeaService (resources/reminders/smart-reminder.ts) by name. */
export const reminderEngineParts: Partial<EngineRegistry> = {
  widgets: { reminderTime: ReminderTimeWidget },
  panels: { smartService: SmartServicePanel },
};
