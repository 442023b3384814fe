import type { ResourceHooks } from "../engine/hooks";
import { resolveStaff, staffText } from "../services/live-staff";

/**
 * resources/lives/emulate-template.ts: the teachers and assistants a form names are read back to the
 * organisation's own (a list naming anyone else is refused, as on a live), stored as the JSON
 * text `[{account, name}]` of 2 §3; the title is trimmed; a change keeps the template's live type.
 */
export const emulateTemplateHooks: ResourceHooks = {
  prepare: async (values, { scope, action, before }) => {
    values.title = String(values.title ?? "").trim();
    if (action === "update" && before) values.livetype = before.livetype;
    const [teachers, assistants] = await Promise.all([
      resolveStaff(scope, values.teachers as string | undefined, "teacher"),
      resolveStaff(scope, values.assistants as string | undefined, "assistant"),
    ]);
    values.teachers = staffText(teachers);
    values.assistants = staffText(assistants);
  },
};
