/**
 * What the portal's calls answer, shared by the portal stories and the client tests (plain data;
 * envelopes and routes are built by each side).
 */
import type { GroupMessagesAnswer, PortalClass, PortalMessage, PortalRoom } from "../../resources/portal/portal";
import type { PayResult } from "../../resources/billing/recharge";

const teacher = { account: 2, name: "李老师", nick: "李老师" };

const room = (id: number, title: string, status: PortalRoom["status"], begin: string, end: string, extra: Partial<PortalRoom> = {}): PortalRoom => ({
  live_id: id,
  group_id: 1,
  live_type: 1,
  title,
  status,
  begin_time: begin,
  end_time: end,
  enterts: 0,
  teachers: [teacher],
  class_id: 11,
  class_name: "高一数学·函数专题",
  ...extra,
});

/** A day with one room of each status (2 §4). */
export const dayRooms: PortalRoom[] = [
  room(101, "函数专题第7讲", 1, "2026-05-12 08:00:00", "2026-05-12 09:30:00"),
  room(102, "化学提高第6讲", 2, "2026-05-12 10:00:00", "2026-05-12 11:00:00", { class_id: 12, class_name: "互动大班·化学提高", live_type: 6 }),
  room(103, "函数专题第8讲", 0, "2026-05-12 14:00:00", "2026-05-12 15:30:00"),
  room(104, "口语练习第5讲", -1, "2026-05-12 19:00:00", "2026-05-12 20:00:00", { enterts: 2 * 3600 + 5 * 60 + 9, class_id: 13, class_name: "初二英语口语1对1", live_type: 0 }),
];

/** The days of a month holding lives: the 3rd, the 12th and the 20th. */
export const markedDays = (month: string) => [3, 12, 20].map((d) => `${month}-${String(d).padStart(2, "0")}`);

export const classesGoing: PortalClass[] = [
  { class_id: 11, class_name: "高一数学·函数专题", group_id: 1, end: 6, total: 10 },
  { class_id: 13, class_name: "初二英语口语1对1", group_id: 1, end: 4, total: 7 },
  { class_id: 14, class_name: "录播·Excel从入门到精通", group_id: 1, end: 0, total: 0 },
];
export const classesEnded: PortalClass[] = [{ class_id: 15, class_name: "高考冲刺·英语", group_id: 1, end: 8, total: 8 }];

/** A course's rooms, several days. */
export const courseRooms: PortalRoom[] = [
  room(201, "函数专题第1讲", 1, "2026-04-07 19:00:00", "2026-04-07 20:30:00"),
  room(202, "函数专题第2讲", 2, "2026-04-14 19:00:00", "2026-04-14 20:30:00"),
  room(203, "函数专题第3讲", -1, "2026-05-19 19:00:00", "2026-05-19 20:30:00", { enterts: 7 * 86_400 }),
];

const message = (id: number, msg: string, day: number): PortalMessage => ({ Id: id, Msg: msg, CreateTime: `2026-05-${String(day).padStart(2, "0")} 09:30:00` });

export const groupAnswer: GroupMessagesAnswer = {
  groups: [{ id: 1, name: "示例学校", lastMsg: "本周六上午10点系统维护，届时直播服务暂停一小时。", lastTime: "2026-05-11 09:30:00" }],
  messages: [],
  next: null,
};

/** The first page of the group's messages, with more after it, and the last page. */
export const firstMessages: GroupMessagesAnswer = {
  ...groupAnswer,
  messages: [message(30, "本周六上午10点系统维护，届时直播服务暂停一小时。", 11), message(29, "新学期课程已上线，请各位老师及时检查课表。", 10)],
  next: 1_778_000_000_000,
};
export const olderMessages: GroupMessagesAnswer = { ...groupAnswer, messages: [message(28, "请老师们在课前十分钟进入直播间调试设备。", 9)], next: null };

export const payResults: Record<"paid" | "pending" | "failed", PayResult> = {
  paid: { trade_no: "WXPAYDEMO000000000001", status: "paid", fee: 1000, way: "wechatpay", CreateTime: "2026-05-11 09:30:00", PayTime: "2026-05-11 09:30:40" },
  pending: { trade_no: "WXPAYDEMO000000000002", status: "pending", fee: 3000, way: "wechatpay", CreateTime: "2026-05-12 10:00:00", PayTime: "" },
  failed: { trade_no: "WXPAYDEMO000000000003", status: "failed", fee: 5000, way: "alipay", CreateTime: "2026-05-12 10:05:00", PayTime: "" },
};
