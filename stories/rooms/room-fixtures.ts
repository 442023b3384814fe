import type { RoomChapter, RoomDoc, ShareInfo } from "../../resources/rooms/room-api";
import type { PresenceEntry, RoomChat, RoomLive, RoomRecording, ServerMessage } from "../../resources/rooms/room-protocol";

/** A live room as the server describes it to a page (resources/rooms/room-protocol.ts), for stories and client tests. */
export const sampleLive: RoomLive = {
  id: 42,
  title: "高一数学·函数的单调性",
  begintime: "2026-03-02 19:00:00",
  endtime: "2026-03-02 20:30:00",
  state: 1,
  livetype: 1,
  teachers: ["李老师"],
  smallClass: false,
  streamUrl: "",
  broadcast: { state: "waiting", playlist: "", floor: null },
};

export const teacherEntry: PresenceEntry = { conn: "c-teacher", key: "i2", name: "李老师", role: "teacher" };
export const studentEntry: PresenceEntry = { conn: "c-student", key: "i4", name: "赵同学", role: "student" };
export const guestEntry: PresenceEntry = { conn: "c-guest", key: "w7", name: "观众甲", role: "guest" };
export const assistantEntry: PresenceEntry = { conn: "c-assistant", key: "i3", name: "王助教", role: "assistant" };

export const sampleChat: RoomChat[] = [
  { id: 1, key: "i2", name: "李老师", role: "teacher", txt: "同学们好，今天讲函数的单调性", time: "2026-03-02 19:01:10", held: false },
  { id: 2, key: "i4", name: "赵同学", role: "student", txt: "老师好！", time: "2026-03-02 19:01:30", held: false },
  { id: 3, key: "w7", name: "观众甲", role: "guest", txt: "这一步能再讲一遍吗？", time: "2026-03-02 19:05:02", held: true },
];

export const sampleRecordings: RoomRecording[] = [
  { name: "第一节 回放", url: "/story-media/sample.mp4", duration: 2700 },
  { name: "第二节 回放", url: "/story-media/sample-2.mp4", duration: 2400 },
];

/** The live's own recording first (its chapters are places in it), then a recorded session's video. */
export const liveRecordings: RoomRecording[] = [
  { name: "高一数学·函数的单调性 回放", url: "/story-media/sample.mp4", duration: 2700, live: true },
  { name: "课后习题讲解", url: "/story-media/sample-2.mp4", duration: 600 },
];

/** Chapters the teacher marked, by their place in the live's recording. */
export const sampleChapters: RoomChapter[] = [
  { id: 1, title: "章节 1", offset_ms: 65_000 },
  { id: 2, title: "函数图像", offset_ms: 754_000 },
  { id: 3, title: "课堂小结", offset_ms: 2_410_000 },
];

/** The live's courseware as its room lists it (GET /api/v1/room/docs). */
export const sampleDocs: RoomDoc[] = [
  { Id: 7, Name: "函数图像.pdf", Size: 1_258_291, Url: "/story-media/courseware.pdf", Type: "pdf" },
  { Id: 8, Name: "课后练习.docx", Size: 24_576, Url: "/story-media/exercises.docx", Type: "docx" },
];

type Welcome = Extract<ServerMessage, { t: "welcome" }>;

/** The welcome a page of `me` gets in the sample live; the count is the people `present` lists unless given. */
export function welcomeOf(me: PresenceEntry, extra: Partial<Welcome> = {}): Welcome {
  const present = extra.present ?? [teacherEntry, assistantEntry, studentEntry, guestEntry];
  return { t: "welcome", me, playType: 1, live: sampleLive, present, people: new Set(present.map((p) => p.key)).size, chat: sampleChat, recordings: [], ...extra };
}

/** A share link's page (GET /api/v1/room/share). */
export const sampleShare: ShareInfo = {
  liveid: 42,
  title: "高一数学·函数的单调性（公开课）",
  begintime: "2026-03-02 19:00:00",
  endtime: "2026-03-02 20:30:00",
  state: 1,
  check: 1,
  logo_url: "",
  poster: "",
  desc: "<p>本节课讲解函数单调性的定义与判定方法，欢迎家长和同学旁听。</p>",
  fields: [],
};
