import { ep } from "../kernel/endpoint";
import type { RoomRole } from "./rooms";

/**
 * The calls of the live rooms (2 §2 "Live rooms", §7 portal token, chat; 3 §7.5, §7.8) and the
 * built-in room site Lectern serves when no outside live-room site is configured.
 *
 * A room route (/stuLiveRoom?mid&gid …) asks `token` with its role's `user_type`, then frames the
 * live-room site (`liveRoomUrl` of /config.json) with the token and the display name in the address.
 * The built-in site reads both and opens the room's WebSocket (`roomSocketPath`), over which
 * presence, chat and the small class's WebRTC signalling travel (resources/rooms/room-protocol.ts).
 */
export const roomApi = {
  /**
   * `{room_id, group_id, user_type, replay?}` → `{token, nick_name}`: room_id is the live, group_id
   * its organisation, user_type 0 student, 1 teacher, 2 assistant or admin; `replay: 1` for the
   * playback room. Refusals answer a msg the room page shows.
   */
  token: ep("GET /api/v1/enter-room", "liveClass"),
  /** `{guid, replay?}` → ShareInfo: what a share link's page shows before letting a viewer in. */
  share: ep("GET /api/v1/room/share", "liveClass"),
  /** ShareAnswers → `{token, nick_name}`: a viewer token for the shared live, after its verification. */
  shareEnter: ep("POST /api/v1/room/share", "liveClass"),
  /**
   * A file of a large class's live HLS (broadcastSettings): `:folder` is the live's random folder,
   * `:file` live.m3u8 or a segment; `?token=` a room token of that live.
   */
  hls: ep("GET /api/v1/room/hls/:live/:folder/:file", "liveClass"),
  /** `?token=` → `RoomDoc[]`: the live's courseware for its room's viewers, each address signed for a few minutes. */
  docs: ep("GET /api/v1/room/docs", "liveClass"),
  /** `?token=` → `RoomChapter[]`: the live's chapters, by their place in the recording. */
  chapters: ep("GET /api/v1/room/chapters", "liveClass"),
  /** `{token, title}` → the new `RoomChapter`: the teacher marks the present moment of the broadcast. */
  markChapter: ep("POST /api/v1/room/chapters", "liveClass"),
  /** `{token, key}`: the live's teacher gives the floor to an assistant of the live in the room (`key` "i<identity>"), or takes it back (`key` ""). */
  floor: ep("POST /api/v1/room/floor", "liveClass"),
} as const;

/**
 * The teacher's publication of a large class (issue 18): a WebSocket on the live-class host whose
 * first message is `{t: "hello", token}` (the teacher's room token), then the MediaRecorder's webm
 * chunks as binary frames, and `{t: "end"}` to end the live (room-protocol.ts PublishServerMessage).
 */
export const broadcastSocketPath = "/api/v1/room/publish";

/** How the server turns a publication into HLS and a recording (server/services/rooms/broadcast.ts). */
export const broadcastSettings = {
  /** Target length of an HLS segment: a viewer is about three of them behind the teacher. */
  segmentSeconds: 2,
  /** The video's average rate: a 720p class (a teacher, slides, a shared screen) plays well at it. */
  videoKbps: 1500,
  /** Segments the live playlist lists; all of them stay on disk as the recording until the live ends. */
  listSize: 6,
  /** The MediaRecorder's timeslice: a chunk a second. */
  timesliceMs: 1000,
  /** After the live's end time, a publication gone this long is ended as if 结束直播 was pressed (BROADCAST_GONE_SECONDS overrides). */
  publisherGoneMs: 60_000,
  /** Bytes a publisher may have waiting for ffmpeg before it is dropped (a stalled encoder). */
  maxBacklogBytes: 32 * 1024 * 1024,
} as const;

/**
 * A live's manual push (2 §3 live config `pushStreamType` "1" 手动推流): an encoder such as OBS
 * publishes RTMP to the server's ingest, which feeds the same HLS pipeline as the browser.
 */
export const pushApi = {
  /** `{liveid}` → `{url, key}`: the ingest's address `rtmp://<host>:<port>/<app>` and the live's stream key. */
  address: ep("GET /cms/livepush"),
} as const;

/** The RTMP ingest (server/services/rooms/rtmp-ingest.ts). */
export const pushSettings = {
  /** RTMP_PORT unless set. */
  defaultPort: 1935,
  /** The application of the push address; the stream name is the live's key. */
  app: "live",
  /** An encoder must have asked to publish this soon after connecting, or it is dropped. */
  publishWithinMs: 10_000,
  /** Bytes an encoder may send while its publication is being admitted (the stream's headers come first). */
  pendingBytes: 8 * 1024 * 1024,
} as const;

/** What the push address call answers when it cannot. */
export const pushMessages = {
  off: "服务器未开启推流服务，请联系管理员",
} as const;

/** The chat manager's calls (3 §7.8); only the list is served so far (its screen comes later). */
export const chatApi = {
  /** `{count, page, liveid, type: 0 | 1 | -1}` → `data: {historymsg: ChatRecord[], total}`, count. */
  list: ep("POST /getchatlist", "chatManager"),
} as const;

/** The room's WebSocket, on the live-class host. The first message must be `{t: "hello", token}`. */
export const roomSocketPath = "/api/v1/room/ws";

/** Where the built-in room site lives on Lectern's own origin (the default `liveRoomUrl`). */
export const builtInRoomPath = "/room";

/** user_type of the token call (2 §6): 0 student, 1 teacher, 2 assistant or admin. */
export type RoomUserType = 0 | 1 | 2;

/** How a person listens: 1 live, 2 replay (1 §3, the attendance play types). */
export type PlayType = 1 | 2;

/** Who is in a room: the roles of the portal, an organisation admin, or a viewer of a share link. */
export type PresenceRole = RoomRole | "guest";

/** Live types of the small class (2 §4: 0 small class, 7 fusion): WebRTC for at most `smallClassViewers`. */
export const smallClassLiveTypes: readonly number[] = [0, 7];

export const roomLimits = {
  /** Viewers (not staff) of a small class at once. */
  smallClassViewers: 6,
  /** Characters of a chat message (2 §5, §9: reply max 200). */
  chatMax: 200,
  /** Chat messages one person may send to a live in any `chatWindowMs`, all its pages together. */
  chatBurst: 5,
  chatWindowMs: 5_000,
  /** Pages one person may hold open in a live: a newer one closes the oldest. */
  pagesPerViewer: 3,
  /** Pages one person may open in a live within a minute (reloads, reconnections); more are turned away. */
  joinsPerMinute: 10,
  /**
   * Share-link guests: viewer tokens one address may be given for a live in `guestPassWindowMs`,
   * guests one address may have in a live at once (a school's or a family's NAT), and guests of one
   * live at once from everywhere.
   */
  guestPassesPerAddress: 200,
  guestPassWindowMs: 10 * 60_000,
  guestPagesPerAddress: 100,
  guestPagesPerLive: 5_000,
  /** Messages a viewer gets on entering. */
  chatHistory: 50,
  /** Names listed in the presence panel (the count is always the whole). */
  presenceShown: 300,
  /** Wrong answers to a share link's verification from one address in `shareWindowMs`. */
  shareTries: 5,
  shareWindowMs: 10 * 60_000,
  /** A viewer's name (name_ links) and a registration answer. */
  nameMax: 20,
  answerMax: 100,
  /** exparam passed through a share link into the viewer log. */
  exparamMax: 200,
  /** Chapters of one live (issue 18 item 8), and how many one person may mark in `chapterWindowMs`. */
  chaptersPerLive: 100,
  chapterBurst: 5,
  chapterWindowMs: 10_000,
} as const;

/** Messages of the rooms; the request fields' own messages are in schemas/rooms/room.*.schema.json. */
export const roomMessages = {
  tokenFailed: "获取直播间凭证失败",
  tokenInvalid: "进入凭证无效或已过期，请重新进入直播间",
  liveNotFound: "直播不存在",
  voided: "该直播已作废",
  otherOrganisation: "该直播不属于当前机构",
  wrongUserType: "当前身份不能以该角色进入直播间",
  notOnList: "您不在该直播的名单中，无法进入",
  notYet: (minutes: number) => `直播尚未开始，请于开课前${minutes}分钟内进入`,
  ended: "直播已结束",
  smallClassFull: `小班课人数已满（最多${roomLimits.smallClassViewers}人）`,
  chatEmpty: "发送消息不能为空",
  chatTooLong: `发送消息不能超过${roomLimits.chatMax}字`,
  chatTooFast: "发言太频繁，请稍后再试",
  pageReplaced: "您已在其他页面进入直播间，本页面已断开",
  joinsTooFast: "进入直播间过于频繁，请稍后再试",
  guestPassesSpent: "当前网络进入该直播的次数过多，请稍后再试",
  guestsFromAddressFull: "当前网络观看该直播的人数已满，请稍后再试",
  guestsFull: "该直播观看人数已满，请稍后再试",
  chatHeld: "待审核",
  /** A moderator's reply to one viewer (issue 20): shown to them and the staff alone. */
  chatToOne: "私聊",
  shareInvalid: "分享链接无效或已失效",
  nameNeeded: "请输入您的名字",
  whitelistNeeded: "请输入用户名和密码",
  whitelistWrong: "用户名或密码错误",
  passwordNeeded: "请输入密码",
  passwordWrong: "密码错误",
  tooManyTries: "尝试次数过多，请10分钟后再试",
  noReplay: "暂无回放",
  reconnecting: "连接已断开，正在重连…",
  networkError: "网络异常",
  publishTeacherOnly: "只有本场直播的老师或获得发言权的助教可以推流",
  floorTeacherOnly: "只有本场直播的老师可以交出或收回发言权",
  floorAssistantOnly: "只能把发言权交给本场直播的助教",
  floorTaken: "老师已收回发言权，推流已停止",
  endTeacherOnly: "只有老师可以结束直播",
  publishSmallClass: "小班课通过摄像头直连上课，无需推流",
  publishNoFfmpeg: "服务器未安装 ffmpeg，暂时无法直播，请联系管理员",
  publishEnded: "本场直播已结束，不能再推流",
  publishFailed: "直播转码失败，请重新开始推流",
  publishReplaced: "您已在其他页面开始推流，本页面已停止",
  publishTooSlow: "网络或服务器过慢，推流已中断，请重新开始",
  recordingFailed: "生成回放失败",
  noRecording: "本场直播没有画面，未生成回放",
  broadcastWaiting: "等待老师开始直播",
  broadcastPaused: "老师暂时离开，稍后将恢复直播",
  broadcastEnded: "直播已结束，回放生成后可在回放教室观看",
  replayMissing: "回放文件不存在或已被删除",
  noCourseware: "暂无课件",
  chapterTeacherOnly: "只有本场直播的老师可以标记章节",
  chapterNotLive: "开始直播后才能标记章节",
  chaptersFull: `每场直播最多标记${roomLimits.chaptersPerLive}个章节`,
  chapterTooFast: "标记章节太频繁，请稍后再试",
  noChapters: "暂无章节",
} as const;

/** A courseware file as the room lists it (2 §7 download doc list, with an address its viewers may open). */
export interface RoomDoc {
  Id: number;
  Name: string;
  Size: number;
  /** Signed for a few minutes: the room asks the list again before then. */
  Url: string;
  Type: string;
}

/** A chapter of a live's replay: `offset_ms` is the place in the live's recording (its first recording). */
export interface RoomChapter {
  id: number;
  title: string;
  offset_ms: number;
}

/** The title the marker offers for the next chapter (章节 1, 章节 2, …). */
export const defaultChapterTitle = (count: number) => `章节 ${count + 1}`;

/** What a share link's page shows (GET roomApi.share). */
export interface ShareInfo {
  liveid: number;
  title: string;
  begintime: string;
  endtime: string;
  /** 0 not started, 1 live, 2 ended (by the live's times). */
  state: 0 | 1 | 2;
  /** 1 no password, 2 whitelist, 3 single password (2 §3). */
  check: 1 | 2 | 3;
  logo_url: string;
  poster: string;
  /** The introduction, sanitised HTML. */
  desc: string;
  /** The registration form's fields when it is on (extra.isRecord 2), else []. */
  fields: ShareField[];
}

/** A registration field as the share page draws it (2 §3 registration field). */
export interface ShareField {
  /** 1 phone, 2 email, 3 text, 4 address, 5 single choice, 6 multiple choice. */
  formaDataType: 1 | 2 | 3 | 4 | 5 | 6;
  name: string;
  placeholder: string;
  required: boolean;
  checkList: string[];
}

/** The body of roomApi.shareEnter. */
export interface ShareAnswers {
  guid: string;
  /** 1: the guid is the replay link's (player.html). */
  replay?: 0 | 1;
  /** 1: enter the playback room (a replay link, `livetype=playback`, or `all` after the live). */
  playback?: 0 | 1;
  /** 1: a name_ link, which asks the viewer's name. */
  byname?: 0 | 1;
  name?: string;
  username?: string;
  password?: string;
  /** Registration answers by field position: text, or a list for a multiple choice. */
  answers?: (string | string[])[];
  exparam?: string;
}

/** A chat message of the chat manager's list (2 §3 chat message, 2 §4 review types). */
export interface ChatRecord {
  id: number;
  liveid: number;
  /** The sender in the room ("i12" an identity, "a…" a share viewer). */
  userid: string;
  /** The sender's identity id, 0 for a share viewer. */
  userdbid: number;
  name: string;
  /** JSON text `{"content": {"txt": …}, "type": 1}`. */
  msg: string;
  time: string;
  /** 0 unreviewed, 1 approved, -1 rejected. */
  type: 0 | 1 | -1;
}

/** The JSON text of a chat message's `msg` (2 §3). */
export const chatMsgText = (txt: string) => JSON.stringify({ content: { txt }, type: 1 });

/** The text of a stored `msg`, or "" for anything else. */
export function chatTextOf(msg: string): string {
  try {
    const parsed = JSON.parse(msg) as { content?: { txt?: unknown } };
    return typeof parsed?.content?.txt === "string" ? parsed.content.txt : "";
  } catch {
    return "";
  }
}

/** A phone or tablet browser (2 §2: a mobile browser gets the h5 variant of the room). */
export const isMobileAgent = (userAgent: string) => /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);

export interface RoomSiteInput {
  /** `liveRoomUrl` of /config.json. */
  base: string;
  /** The room route that frames it (/stuLiveRoom …). */
  route: string;
  token: string;
  nickname: string;
  h5: boolean;
  /** roomproxy, chatproxy, wbproxy of the route's address, passed on for student rooms (2 §2). */
  proxies?: Record<string, string>;
}

/** The proxies a student room passes on to the live-room site. */
export const roomProxyParams = ["roomproxy", "chatproxy", "wbproxy"] as const;

/**
 * The live-room site's address for a room route: `{base}/` or `{base}/h5/` with the token, the
 * display name, the route's name and the passed-on proxies.
 */
export function roomSiteAddress({ base, route, token, nickname, h5, proxies = {} }: RoomSiteInput): string {
  const url = new URL(`${base.replace(/\/+$/, "")}/${h5 ? "h5/" : ""}`);
  url.searchParams.set("token", token);
  url.searchParams.set("nickname", nickname);
  url.searchParams.set("room", route.replace(/^\//, ""));
  for (const [k, v] of Object.entries(proxies)) if (v) url.searchParams.set(k, v);
  return url.href;
}

/**
 * The external stream address of a large class (LIVE_STREAM_URL, `{roomId}` replaced by the live's
 * room id); "" when none is configured.
 */
export const streamAddress = (template: string, roomId: string) => (template ? template.replaceAll("{roomId}", encodeURIComponent(roomId)) : "");
