import { adminPages } from "../kernel/route";
import { livePages } from "../lives/routes";

/** The two lists a recorded session's pages are reached from. */
const recordedCourses = ["/vodcourseop", "/vodop"];

/**
 * The recorded courses' pages (3 §2.1). /vodop lists every recorded session, /recordvoditemop those
 * of one course: 录播课节管理 and 录播课节 (the sidebar said 录播课节 for /vodop, the page header
 * 录播课节管理; the spec names no words, and two routes under one title could not be told apart).
 */
export const vodPages = adminPages({
  vodcourseop: "录播课程",
  recordvoditemop: { title: "录播课节", within: recordedCourses },
  createRecordInfo: { title: "创建录播课节", within: recordedCourses },
  changeRecordInfo: { title: "修改录播课节", within: recordedCourses },
  bindingRecordMedia: { title: "绑定视频", within: recordedCourses },
  vodop: "录播课节管理",
});

export const vodRoutes = Object.values(vodPages);

/**
 * A live's pages a recorded session's rows lead to as well (3 §2.1), opened with the recorded lists'
 * keys until the recorded sessions' row actions are declared and grant them, as a live's do.
 */
export const recordedSessionPages = {
  routes: [livePages.sellProduct, livePages.adInfoByLive, livePages.audioDown].map((page) => page.route),
  within: recordedCourses,
} as const;
