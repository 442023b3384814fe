import { ep } from "../kernel/endpoint";
import { liveMonitorKey } from "../lives/live-api";

/**
 * The teacher's time machine (issue 20 item 5; 2 §2, §3 "time machine", §4, §7 footmark, §9): the
 * teacher's built-in room snapshots its own stream now and then during the live and uploads the
 * frame; /teaTimeMachine?liveId shows a live's frames as a timeline.
 */
export const timeMachineApi = {
  /**
   * `?token=` (the teacher's room token) and one multipart file field, a JPEG → `{ts, next_ms}`:
   * the frame is kept with the time it arrived; `next_ms` is when the room should send the next.
   */
  capture: ep("POST /api/v1/room/footmark", "liveClass"),
  /** `{liveid}` → `{title, timesort, imagelist}` (2 §7 footmark): timesort the frames' times (epoch ms) in order, imagelist `{[ts]: {ts, url}}`. */
  footmark: ep("GET /cms/teacherfootmark"),
  /** A frame's bytes, for the organisation's staff: `:name` is the random name the footmark answer's url carries. */
  image: ep("GET /cms/teacherfootmark/:name"),
} as const;

/** The menu key whose holders see a live's frames: the time machine is reached from the live monitor (routes.tsv). */
export const timeMachineKey = liveMonitorKey;

export const timeMachineSettings = {
  /** A frame a minute during the live (issue 20 item 5); FOOTMARK_SECONDS sets the server's. */
  periodMs: 60_000,
  /** Bytes a frame may have: a 1080p JPEG at the room's quality is a few hundred KB. */
  maxBytes: 2 * 1024 * 1024,
  /** The frame's width at most (the page shows it far smaller); the height keeps the stream's ratio. */
  captureWidth: 1280,
  /** JPEG quality of the canvas's encoding. */
  quality: 0.7,
  /**
   * Frames one person may send to a live in any one period (the server's, FOOTMARK_SECONDS): the
   * period's frame, and a reload or two. Counted from the stored frames, so it holds across pages
   * and processes.
   */
  burst: 3,
  /** Frames a live keeps at most: a day's live at one a minute. */
  perLive: 1440,
} as const;

/** The page's timeline (2 §4 time machine filling, §9). */
export const timelineSettings = {
  /** Empty slots the timeline starts with. */
  slots: 8,
  /** The frames are asked again this often. */
  pollMs: 65_000,
  /** A new frame joins the timeline this long after the last one… */
  paceMs: 500,
  /** …or this long, while more than `hurryOver` are waiting. */
  hurriedPaceMs: 100,
  hurryOver: 20,
} as const;

export const timeMachineMessages = {
  notJpeg: "截图必须是JPEG格式的图片",
  tooLarge: `截图不能超过${timeMachineSettings.maxBytes / 1024 / 1024}M`,
  missing: "请选择要上传的截图",
  teacherOnly: "只有本场直播的老师可以上传直播截图",
  tooFast: "截图上传过于频繁，请稍后再试",
  full: "本场直播的截图已达上限",
  noLive: "未指定直播，请从直播监控进入",
  empty: "暂无截图：老师在内置直播间开播后，每分钟会截取一张直播画面",
  loadFailed: "截图加载失败",
} as const;
