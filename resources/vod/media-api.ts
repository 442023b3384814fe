import { ep } from "../kernel/endpoint";

/**
 * The wire contract of recorded media (3 §3, §4, §7.4, §9; 2 §7 audio, download doc list, video
 * download): the video files of a recorded session (a live of a type-200 course; `roomid` is its
 * live id), their order and shelf state, their upload, the audio of a live and its replay download.
 * The client names these, the server registers each one (resources/vod/calls.ts).
 */
export const mediaApi = {
  /** `{roomid}` → `data: {media_list: MediaFile[], version}`: the session's videos, on shelf first by idx, then off shelf, then the rest by upload. */
  list: ep("POST /cms/vod/media_list"),
  /** `{roomid_list: number[]}` (at most 100) → `data: [{roomid, media_list}]`. */
  table: ep("POST /cms/vod/media_table"),
  /**
   * `{roomid, content: [{video_id, idx}], version, overwrite?}`: sets idx of every listed video (idx > 0 on
   * shelf in that order, -1 off shelf). Refused with `mediaConflictCode` and the conflict message, `data`
   * the stored list, when `version` is not the stored one and `overwrite` is not true; a list naming a
   * video of another session or organisation, a video not transcoded on shelf, or a repeated id is
   * refused whole. Answers the new `{media_list, version}`.
   */
  sequence: ep("POST /cms/vod/media_sequence"),
  /** `{roomid, filename, size}` → `data: {token, url, video_id}`: where the resumable (tus) upload of one file goes, bound to the session. */
  uploadToken: ep("POST /cms/vod/upload_token"),
  /** `{video_id}`: the upload is whole; the transcode job starts. Answers the MediaFile. */
  uploadComplete: ep("POST /cms/vod/upload_complete"),
  /** `{video_id}`: into the recycle bin (kept `recycleDays`), its jobs cancelled. */
  remove: ep("DELETE /cms/vod/media"),
  /** `{count, page}` → the organisation's recycled videos and recordings `[{key, kind, id, filename, roomid, title, deleted_at, purge_at}]`, newest first. */
  recycled: ep("GET /cms/vod/recycle"),
  /** `{kind, id}`: back to its session, off shelf (a recording back to its live). */
  restore: ep("POST /cms/vod/recycle"),
  /** `{kind, id}`: deleted for good, its files with it. */
  purge: ep("DELETE /cms/vod/recycle"),
  /**
   * The tus 1.0 endpoint `uploadToken`'s `url` names (creation here, then `<url>/<id>`): the creation's
   * Upload-Metadata carries `token` (the uploadToken answer's token), beside the session.
   */
  tus: ep("POST /vod/files", "uploadVod"),
  /**
   * Where a transcoded video, its poster and a live's audio and audio list are served, with Range
   * requests; every address the calls answer carries its signature (`?e=…&s=…`, hours long), without
   * which the file is refused with 403.
   */
  file: ep("GET /cms/vod/file/:name"),
} as const;

/** A live's audio and replay (2 §2 /audioDown, 视频下载, §4, §7). */
export const liveMediaApi = {
  /** `{liveid}`: starts the audio extraction of the live's recordings → `msg` 开始转换音频，请等待转换完成后下载. */
  convertAudio: ep("GET /cms/transaudio"),
  /** `{liveid}` → `data: {status, meta_url}`: status 2 not converted, 0 converting, 1 done (audio status). */
  audioStatus: ep("GET /cms/transresult"),
  /** `{liveid}` → `data: AudioItem[]`: the files the meta list names once converted (none before), for /audioDown's table. */
  audioFiles: ep("GET /cms/audiofiles"),
  /** `{liveid}` → `data: {url, title}`: the replay's download address (videoDown key). */
  replayDownload: ep("GET /cms/replayvideodownload"),
  /**
   * `{id}` (the live's id, as the live list's removal sends it): the live's recordings into the
   * recycle bin (kept `recycleDays`; restored there as the live's recording again).
   */
  removeRecording: ep("DELETE /cms/vod/live_recording"),
  /** Form data `{roomid}` → `data: [{Id, Name, Size, Url, Type}]`: the live's courseware (its CloudDiskFiles). */
  roomDocs: ep("POST /cms/roomdocs"),
} as const;

/** One video of a recorded session (3 §3). */
export interface MediaFile {
  video_id: number;
  roomid: number;
  /** Position on shelf (1, 2, …); -1 off shelf; 0 not placed yet (just uploaded, or transcoding). */
  idx: number;
  filename: string;
  /** "success", "" while uploading or transcoding, anything else failed (3 §4). */
  transcode_state: string;
  /** Why it failed, in Chinese, when it did. */
  reason: string;
  /** The web-playable file, once transcoded. */
  transcode_url: string;
  poster_url: string;
  duration: number;
  size: number;
}

/** An audio file of a live (2 §3): what meta_url answers, a list of these. */
export interface AudioItem {
  cdn_url: string;
  name: string;
  duration: number;
  size: number;
}

/** Media status (3 §4) as the binding page shows it. */
export type MediaStatus = "onShelf" | "offShelf" | "transcoding" | "failed";

export function mediaStatus(file: Pick<MediaFile, "transcode_state" | "idx">): MediaStatus {
  if (file.transcode_state === "") return "transcoding";
  if (file.transcode_state !== "success") return "failed";
  return file.idx > 0 ? "onShelf" : "offShelf";
}

export const mediaStatusLabels: Record<MediaStatus, string> = { onShelf: "已上架", offShelf: "已下架", transcoding: "转码中", failed: "转码失败" };

/** What a recycled item is (3 §4 recycle bin). */
export const recycleKindLabels: Record<string, string> = { media: "视频", recording: "直播回放" };

/** Audio conversion status (2 §4, 3 §4). */
export const audioStates = { notConverted: 2, converting: 0, done: 1 } as const;

/** Limits of 3 §9 and the issue: what the client and the server both keep. */
export const mediaLimits = {
  /** Upload chunk in MB (3 §9 "chunk 40"), retries and one file at a time. */
  chunkBytes: 40 * 1024 * 1024,
  retries: 3,
  types: ["mp4", "flv", "mp3", "mkv", "avi"],
  maxUploadBytes: 4 * 1024 * 1024 * 1024,
  filenameMax: 100,
  sequenceMax: 1000,
  tableRooms: 100,
  recycleDays: 30,
  audioPollMs: 30_000,
} as const;

/** The business code of a stale media order (3 §8), and what it says. */
export const mediaConflictCode = 409;

export const mediaMessages = {
  conflict: "检测到数据已被其他用户修改，本次修改请选择您的操作，“放弃”或“覆盖”",
  audioStarted: "开始转换音频，请等待转换完成后下载",
  noFfmpeg: "服务器未安装ffmpeg，无法处理视频",
  notVideo: "文件不是可识别的音视频",
  emptyFile: "文件为空",
  badType: "仅支持mp4、flv、mp3、mkv、avi格式",
  badName: "文件名不能包含路径分隔符或控制字符",
  notInSession: "视频不属于该课节",
  notTranscoded: "只能上架转码成功的视频",
  repeated: "视频顺序中有重复的视频",
  noSession: "课节不存在",
  noVideo: "视频不存在",
  notUploaded: "视频尚未上传完成",
  noReplay: "该直播暂无回放",
  confirmRemoveRecording: `确定删除该直播的录像吗？录像将移入回收站，${mediaLimits.recycleDays}天内可在回收站恢复`,
  recordingRemoved: "录像已移入回收站",
} as const;
