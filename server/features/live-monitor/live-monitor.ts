import { monitorCalls } from "../../../resources/live-monitor/calls";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { monitorLives, type MonitorQuery } from "../../services/live-monitor/monitor";
import { studentStatus, type StatusQuery } from "../../services/live-monitor/online-status";

/** The live monitor (issue 20 items 3, 4, 9): the lives around now and who of a live's students is online. */
export default defineFeature({
  group: monitorCalls,
  handlers: ({ db }) => ({
    lives: async (request) => {
      const { rows, total } = await monitorLives(orgScope(request, db), request.query as MonitorQuery, Date.now());
      return ok(rows, { count: total });
    },
    students: async (request) => {
      const status = await studentStatus(orgScope(request, db), request.query as StatusQuery, Date.now());
      return ok(status, { count: status.count });
    },
  }),
});
