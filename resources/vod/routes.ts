import { adminRoutes } from "../kernel/route";

/**
 * The recorded courses' pages (3 §2.1). /vodop lists every recorded session, /recordvoditemop those
 * of one course: 录播课节管理 and 录播课节 (the sidebar said 录播课节 for /vodop, the page header
 * 录播课节管理; the spec names no words, and two routes under one title could not be told apart).
 */
export const vodRoutes = adminRoutes({
  "/vodcourseop": "录播课程",
  "/recordvoditemop": "录播课节",
  "/createRecordInfo": "创建录播课节",
  "/changeRecordInfo": "修改录播课节",
  "/bindingRecordMedia": "绑定视频",
  "/vodop": "录播课节管理",
});
