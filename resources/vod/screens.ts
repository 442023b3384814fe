import type { CallListDecl, CallScreenDecl } from "../kernel/call-list";
import { liveCourseKeys } from "../lives/live-api";
import { livePages } from "../lives/routes";
import { liveMediaApi, mediaApi, mediaLimits, recycleKindLabels } from "./media-api";
import { vodKeys } from "./vod-course";

/** A live's pages reached from the live lists and the recorded sessions' (2 §2, 3 §2.1). */
const fromLiveLists = [...liveCourseKeys, ...vodKeys];
const noLive = "未指定直播，请从直播列表进入";

/**
 * /downloadDoc?liveId&liveName (2 §2): the live's courseware, the cloud-disk files its form attached
 * (CloudDiskFiles), each opened with 预览下载 in a new window.
 */
export const coursewareScreen: CallScreenDecl = {
  route: livePages.downloadDoc.route,
  title: livePages.downloadDoc.title,
  menuKey: fromLiveLists,
  fromAddress: { roomid: { param: "liveId", missing: noLive } },
  list: {
    call: liveMediaApi.roomDocs,
    sends: ["roomid"],
    rowKey: "Id",
    columns: [
      { field: "Name", title: "文件名" },
      { field: "Type", title: "类型", width: 100 },
      { field: "Size", title: "大小", format: "bytes", width: 110 },
    ],
    empty: "该直播没有课件：在直播的修改页面选择云盘文件作为课件",
    listFailure: "课件加载失败",
    actions: ["docOpen"],
  },
};

/**
 * /audioDown?liveId&liveName (2 §2, §4): the audio of a live's recordings. Above the files, the
 * conversion's state (2 not converted with 开始转换, 0 converting asked after every 30 s, 1 done);
 * the files are those its meta list names, each downloaded or played.
 */
export const audioScreen: CallScreenDecl = {
  route: livePages.audioDown.route,
  title: livePages.audioDown.title,
  menuKey: fromLiveLists,
  fromAddress: { liveid: { param: "liveId", missing: noLive } },
  list: {
    call: liveMediaApi.audioFiles,
    sends: ["liveid"],
    rowKey: "cdn_url",
    columns: [
      { field: "name", title: "文件名" },
      { field: "duration", title: "时长", format: "duration", width: 130 },
      { field: "size", title: "大小", format: "bytes", width: 110 },
    ],
    empty: "暂无音频文件",
    listFailure: "音频列表加载失败",
    actions: ["audioDownload", "audioPreview"],
    toolbar: ["audioConvert"],
  },
};

export const vodScreens = [coursewareScreen, audioScreen];

/**
 * 回收站 (issue 18 item 8), opened from the media binding: the organisation's deleted videos and
 * recordings, newest first, each kept `mediaLimits.recycleDays` days, restored (a video off shelf to
 * its session, a recording to its live) or deleted for good.
 */
export const recycledMedia: CallListDecl = {
  call: mediaApi.recycled,
  sends: ["page", "count"],
  rowKey: "key",
  columns: [
    { field: "kind", title: "类型", format: "enum", options: recycleKindLabels, width: 90 },
    { field: "filename", title: "文件名", ellipsis: true },
    { field: "title", title: "所属课节或直播", ellipsis: true },
    { field: "deleted_at", title: "删除时间", format: "datetime", width: 170 },
    { field: "purge_at", title: `彻底删除时间（${mediaLimits.recycleDays}天后）`, format: "datetime", width: 200 },
  ],
  empty: "回收站是空的",
  listFailure: "回收站加载失败",
  actions: ["mediaRestore", "mediaPurge"],
};
