import { reminderCalls } from "../../../resources/reminders/smart-reminder";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { enableService, serviceStatus } from "../../services/reminders/smart-service";

/**
 * The smart reminder service's switch (3 §7.7 get status, enable). Its times are a settings record
 * (resources/reminders/smart-reminder.ts `smartReminder`), served by the engine; the reminders are
 * sent by server/services/reminders/reminder-job.ts.
 */
export default defineFeature({
  group: reminderCalls,
  handlers: ({ db }) => ({
    status: async (request) => ok(await serviceStatus(orgScope(request, db))),
    enable: async (request) => {
      const { orgId } = orgScope(request, db);
      const { charged: _charged, ...status } = await enableService(db, orgId);
      void _charged;
      return ok(status);
    },
  }),
});
