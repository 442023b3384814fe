import { ep } from "../kernel/endpoint";
import type { LiveTeacher } from "../lives/live-api";

/**
 * The portal's calls (2 §7 "Portal", 3 §7.8 "Live class server"): what the teacher, assistant and
 * student areas read and change. The client names these, the server registers each one guarded by
 * the portal roles (teacher, assistant, student; an admin is refused), scoped to the signed-in
 * identity's organisation and to the person's own lives.
 *
 * User types on the wire (2 §6): 0 student, 1 teacher, 2 assistant. A call naming another user type
 * than the signed-in identity's is refused: nobody reads another role's lives.
 *
 * Times are 'YYYY-MM-DD HH:mm:ss' (a bare 'YYYY-MM-DD' means its whole day) in the server's zone.
 */
export const portalApi = {
  /** `{usertype, start, end}` → rooms (PortalRoom[]) beginning in the range, by time. */
  lives: ep("GET /api/v1/user/live", "liveClass"),
  /** `{usertype, start, end}` → `{livedate: ['YYYY-MM-DD', …]}`, the days holding a live (calendar marks). */
  liveDates: ep("GET /api/v1/user/liveinfo", "liveClass"),
  /** `{time_out: 0 in progress | 1 ended, user_type}` → `{classes: PortalClass[]}`. */
  classes: ep("GET /api/v1/user/class", "liveClass"),
  /** `{group_id, class, user_type}` → the course's rooms (PortalRoom[]) the person sees, by time. */
  classRooms: ep("GET /api/v1/class/rooms", "liveClass"),
  /** `{type}` (a user type) → `[{id, name}]`: the organisations the person acts in with that role. */
  groups: ep("GET /api/v1/user/group", "liveClass"),
  /**
   * `{groupid?, ts?}` → `{groups: MessageGroup[], messages: PortalMessage[], next}`: the message
   * groups with their last message, and when `groupid` is given, that group's messages older than
   * `ts` (epoch ms; absent for the newest), newest first, a page at a time.
   */
  groupMessages: ep("GET /api/v1/appgroupmsg", "liveClass"),
  /** `{old_passwd, new_passwd}`; keeps this session, signs every other session of the person out. */
  password: ep("POST /api/v1/passwd", "liveClass"),
  /**
   * `{area_code, mobile, authcode}`: an SMS code to the new mobile, behind the graphic captcha of
   * that mobile like every code call (a POST: it sends a message, see resources/auth/auth.ts).
   */
  mobileCode: ep("POST /api/v1/user/mobile/auth-code", "liveClass"),
  /** `{area_code, mobile, auth_code}`: the person's sign-in mobile becomes `mobile`. */
  mobile: ep("POST /api/v1/user/mobile", "liveClass"),
  /** `{nickname}`. */
  nickname: ep("POST /api/v1/user/nickname", "liveClass"),
  /** → `{active, createTime}`: whether the identity has a calendar address (it is shown only when made). */
  feedStatus: ep("GET /api/v1/calendar/subscription", "liveClass"),
  /** → `{path}`: a new secret calendar address; the old one stops working at once. */
  feedCreate: ep("POST /api/v1/calendar/subscription", "liveClass"),
  /** Stops the calendar address. */
  feedRevoke: ep("DELETE /api/v1/calendar/subscription", "liveClass"),
  /** The iCalendar feed itself, `/api/v1/calendar/<secret>.ics`: no session, the secret is the credential. */
  feed: ep("GET /api/v1/calendar/:file", "liveClass"),
} as const;

/** Portal user types (2 §6). */
export const portalUserTypes = { student: 0, teacher: 1, assistant: 2 } as const;
export type PortalRoleName = keyof typeof portalUserTypes;

/** Room status (2 §4): -1 not started, 0 in progress, 1 replay available, 2 ended. */
export const roomStatus = { notStarted: -1, live: 0, replay: 1, ended: 2 } as const;
export type RoomStatus = (typeof roomStatus)[keyof typeof roomStatus];

/** A live as the portal lists it (2 §3 "Portal"). */
export interface PortalRoom {
  live_id: number;
  /** The organisation (group) the live belongs to. */
  group_id: number;
  live_type: number;
  title: string;
  status: RoomStatus;
  begin_time: string;
  end_time: string;
  /** Seconds until entry opens (status -1); 0 otherwise. */
  enterts: number;
  teachers: LiveTeacher[];
  /** The course it belongs to. */
  class_id: number;
  class_name: string;
}

/** A course as "my courses" lists it (2 §3 "Portal"): `end` of `total` lives are over. */
export interface PortalClass {
  class_id: number;
  class_name: string;
  group_id: number;
  end: number;
  total: number;
}

/** An organisation whose admin messages the person reads, with its newest message. */
export interface MessageGroup {
  id: number;
  name: string;
  lastMsg: string;
  /** When the last message was sent; '' without one. */
  lastTime: string;
}

/** An admin message as the portal shows it (2 §3). */
export interface PortalMessage {
  Id: number;
  Msg: string;
  CreateTime: string;
}

export interface GroupMessagesAnswer {
  groups: MessageGroup[];
  messages: PortalMessage[];
  /** The `ts` that asks for the next (older) page; null when these are the oldest. */
  next: number | null;
}

/** The bounds the portal's calls keep (rows, ranges); their rates are resources/kernel/limits.ts's. */
export const portalLimits = {
  /** The widest range one lives or dates call may ask for. */
  rangeDays: 92,
  /** Rooms in one answer. */
  rooms: 500,
  /** Courses in one answer. */
  classes: 500,
  /** Messages a page of appgroupmsg answers. */
  messagePage: 20,
  /** What the calendar feed holds: lives of the past 30 days and the next 90. */
  feedPastDays: 30,
  feedFutureDays: 90,
  /** Seconds a not-started room counts down before its list is reloaded anyway (2 §4: more than 60 ticks). */
  countdownTicks: 60,
} as const;

/** Messages of 2 §8 the portal shows, and the server's refusals the screens share. */
export const portalMessages = {
  network: "网络异常",
  passwordFailed: "修改失败",
  codeFailed: "获取验证码失败:",
  wrongOldPassword: "旧密码错误",
  mobileTaken: "该手机号已被其他用户使用",
  sameMobile: "新手机号与当前手机号相同",
  rangeTooWide: `查询时间范围不能超过${portalLimits.rangeDays}天`,
  rangeReversed: "结束时间要大于开始时间",
  wrongUserType: "用户类型与当前身份不符",
  noCourse: "课程不存在",
  feedGone: "日历订阅地址不存在或已失效",
} as const;

/** The button of each room status (2 §2 "Portal", §4). */
export const roomActionLabels: Record<RoomStatus, string> = {
  [-1]: "未开始",
  0: "进入直播",
  1: "观看回放",
  2: "已结束",
};
