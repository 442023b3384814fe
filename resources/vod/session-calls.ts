import { access, defineCalls } from "../kernel/call";
import vodSession, { vodApi } from "./vod-session";
import { vodKeys } from "./vod-course";

/** /vodop and /recordvoditemop (3 §2.1, §7.4): the recorded sessions with the media each is bound to. */
export const vodSessionCalls = defineCalls("vod", {
  search: {
    endpoint: vodSession.api.search ?? vodApi.search,
    query: "live.search.query",
    access: access.menu(vodKeys),
    blankIsAbsent: true,
    summary:
      "Recorded sessions (lives of type-200 courses), newest start first, with the live search's filters (couseid sic, title, teacher, status -1 all, begintime/endtime) and totalMediaCount, enableMediaCount, mediaListStatus",
  },
  info: {
    endpoint: vodApi.info,
    query: "live.id.query",
    access: access.menu(vodKeys),
    summary: "One recorded session (a live of a type-200 course) with totalMediaCount, enableMediaCount, mediaListStatus; any other live is 记录不存在",
  },
});
