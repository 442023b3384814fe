import type { LiveAssistant } from "../../../../resources/lives/live-api";

/** The people a form's JSON text names (`[{account, name}]`, 2 §7); nothing readable is nobody. */
export function pickedStaff(text: unknown): LiveAssistant[] {
  try {
    const list = JSON.parse(typeof text === "string" && text ? text : "[]") as unknown;
    if (!Array.isArray(list)) return [];
    return list.flatMap((item) => {
      const account = Number((item as { account?: unknown })?.account);
      return Number.isInteger(account) && account > 0 ? [{ account, name: String((item as { name?: unknown }).name ?? "") }] : [];
    });
  } catch {
    return [];
  }
}
