import { vodSessionCalls } from "../../../resources/vod/session-calls";
import { recordedCourseType } from "../../../resources/vod/vod-course";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { fail, ok } from "../../plugins/envelope";
import { findLive } from "../../services/lives/records";
import { searchLives, type LiveSearch } from "../../services/lives/search";
import { withMediaCounts } from "../../services/media/media-counts";

/** The recorded sessions (3 §2.1, §7.4): the live search over recorded courses, with the media each is bound to. */
export default defineFeature({
  group: vodSessionCalls,
  handlers: ({ db }) => ({
    search: async (request) => {
      const scope = orgScope(request, db);
      const { rows, total } = await searchLives(scope, request.query as LiveSearch, { courseType: recordedCourseType });
      return ok(await withMediaCounts(scope, rows), { count: total });
    },
    info: async (request) => {
      const scope = orgScope(request, db);
      const live = await findLive(scope, (request.query as { liveid: number }).liveid);
      if (live.CourseType !== recordedCourseType) throw fail.notFound();
      const [session] = await withMediaCounts(scope, [live]);
      return ok(session);
    },
  }),
});
