import type { FastifyRequest } from "fastify";
import { liveStatsCalls } from "../../../resources/live-stats/calls";
import { type DataMode } from "../../../resources/live-stats/live-stats-api";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { concurrencyLine, deviceStat, internalStat } from "../../services/live-stats/figures";
import { courseAttendance, liveAttendance, viewerLog, viewerSummary } from "../../services/live-stats/listening";
import { statLive, statVisits } from "../../services/live-stats/visits";
import type { Db } from "../../db/database";

type Query = { roomid: number; liveid: number; mode: DataMode; page: number; limit: number; ratio: number; after?: number };
const query = (request: FastifyRequest) => request.query as Query;

/** The live of a per-live stat call (`roomid`) and every visit of its room. */
async function liveVisits(request: FastifyRequest, db: Db) {
  const scope = orgScope(request, db);
  const live = await statLive(scope, query(request).roomid, "roomid");
  const now = Date.now();
  return { live, now, visits: await statVisits(scope, [live.id], 1, now) };
}

/** The listening data of a live's room (1) or its playback (2): its viewer log, or one row a viewer. */
const listening = (db: Db, playType: 1 | 2) => async (request: FastifyRequest) => {
  const scope = orgScope(request, db);
  const { liveid, mode, page, limit, after } = query(request);
  const live = await statLive(scope, liveid, "liveid");
  const content = mode === "summary" ? await viewerSummary(scope, live.id, playType, { page, limit }, Date.now()) : await viewerLog(scope, live.id, playType, { page, limit, after }, Date.now());
  return ok(content, { content, count: content.total });
};

/** A live's statistics and listening data, and the attendance report (resources/live-stats/calls.ts). */
export default defineFeature({
  group: liveStatsCalls,
  handlers: ({ db }) => ({
    device: async (request) => ok(deviceStat((await liveVisits(request, db)).visits)),
    internal: async (request) => ok(internalStat((await liveVisits(request, db)).visits)),
    concurrency: async (request) => {
      const { live, now, visits } = await liveVisits(request, db);
      // From the live's start (or an earlier entry) to its end, or its last exit after it, not past now.
      // (A loop, not Math.min(...visits): a live of 100,000 visits is more arguments than a call takes.)
      const from = visits.reduce((t, v) => Math.min(t, v.from), live.begin_time);
      const to = Math.min(now, visits.reduce((t, v) => Math.max(t, v.to), live.end_time));
      return ok(visits.length ? concurrencyLine(visits, from, to) : { concurrency_usernum: [], concurrency_datetime: [] });
    },
    liveData: listening(db, 1),
    replayData: listening(db, 2),
    liveAttendance: async (request) => {
      const scope = orgScope(request, db);
      const { liveid, ratio, page, limit } = query(request);
      const live = await statLive(scope, liveid, "liveid");
      const report = await liveAttendance(scope, live, ratio, { page, limit }, Date.now());
      const answer = { ...report, live: { id: live.id, title: live.title, ratio } };
      return ok(answer, { count: report.total });
    },
    courseAttendance: async (request) => {
      const scope = orgScope(request, db);
      const { liveid, ratio, page, limit } = query(request);
      const live = await statLive(scope, liveid, "liveid");
      const report = await courseAttendance(scope, live.course_id, ratio, { page, limit }, Date.now());
      return ok(report, { count: report.total });
    },
  }),
});
