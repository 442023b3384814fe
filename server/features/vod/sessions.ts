import { vodSessionCalls } from "../../../resources/vod/session-calls";
import { recordedCourseType } from "../../../resources/vod/vod-course";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
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
  }),
});
