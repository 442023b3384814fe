import { ep } from "../kernel/endpoint";

/**
 * The detail statistics of a teacher and a student (1 §2.4 /teacherInfo and /studentInfo, §7
 * "Detail stats"). Teachers are named by their record id (`userid`), students by their mobile,
 * as the two detail routes are; each call answers 记录不存在 for anyone else.
 */
export const userStatApi = {
  userInfo: ep("GET /userstat/userinfo"),
  teacherCourseLive: ep("GET /userstat/teachercourselivestat"),
  teacherLives: ep("GET /userstat/teacherliveinfostat"),
  teacherLivesSearch: ep("GET /userstat/teacherliveinfosearchstat"),
  studentLives: ep("GET /userstat/userliveinfostat"),
  studentLivesSearch: ep("GET /userstat/userliveinfosearchstat"),
  studentLive: ep("GET /userstat/userlivestat"),
  studentCheck: ep("GET /userstat/usercheckstat"),
  studentCourse: ep("GET /userstat/usercoursestat"),
} as const;

/** How a live was listened to (1 §3): 1 live, otherwise replay. */
export const playTypeLabels: Record<string, string> = { "1": "直播", "2": "回放" };

/** Class scale codes (1 §9). */
export const liveScaleLabels: Record<string, string> = { "0": "小班", "1": "大班", "5": "双师", "6": "互动大班" };

/** Attendance states, in the order the detail pages show them; keys of the stats answers. */
export const checkStates = ["do", "late", "leaveearly", "undo"] as const;
export type CheckState = (typeof checkStates)[number];
export const checkStateLabels: Record<CheckState, string> = { do: "出勤", late: "迟到", leaveearly: "早退", undo: "缺勤" };
