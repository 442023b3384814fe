import { adminPages } from "../kernel/route";
import { livePages } from "../lives/routes";

/**
 * The recorded courses' screens (3 §2.1). The two lists are declarations (resources/vod/vod-course.ts,
 * vod-session.ts) and the session form is the live's (resources/vod/forms.ts); their routes are
 * here so that the pages reached from them can say so. /vodop lists every recorded session and
 * /recordvoditemop those of one course: 录播课节管理 and 录播课节 (the sidebar said 录播课节 for /vodop,
 * the page header 录播课节管理; the spec names no words, and two routes under one title could not be told apart).
 */
export const recordedCoursesPage = { route: "/vodcourseop", title: "录播课程" } as const;
export const recordedSessionsPage = { route: "/vodop", title: "录播课节管理" } as const;
export const createRecordPage = { route: "/createRecordInfo", title: "创建录播课节" } as const;
export const changeRecordPage = { route: "/changeRecordInfo", title: "修改录播课节" } as const;

/** The two lists a recorded session's pages are reached from. */
const recordedCourses = [recordedCoursesPage.route, recordedSessionsPage.route];

export const vodPages = adminPages({
  recordvoditemop: { title: "录播课节", within: recordedCourses },
  bindingRecordMedia: { title: "绑定视频", within: recordedCourses },
});

export const vodRoutes = Object.values(vodPages);

/**
 * A live's pages a recorded session's rows lead to as well (3 §2.1), opened with the recorded lists'
 * keys until the recorded sessions' row actions grant them, as a live's do.
 */
export const recordedSessionPages = {
  routes: [livePages.sellProduct, livePages.adInfoByLive, livePages.audioDown].map((page) => page.route),
  within: recordedCourses,
} as const;
