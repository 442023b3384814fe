import { access, defineCalls } from "../kernel/call";
import live from "../lives/live";
import { liveCourseKeys } from "../lives/live-api";
import { toolPages } from "../tools/tools";
import { liveMediaApi, mediaApi } from "./media-api";
import { vodKeys } from "./vod-course";

/** The media binding (3 §3) is reached from the recorded courses and sessions and from the media manager. */
export const mediaMenuKeys: readonly string[] = [...vodKeys, toolPages.vodMediaMgr.menuKey];
const media = access.menu(mediaMenuKeys);

/**
 * Recorded media (3 §3, §4, §8, §9; 2 §7): a recorded session's videos, their order, upload and
 * recycle bin; a live's audio, replay download and courseware. Transcoding and audio extraction are
 * durable jobs (server/services/media), so a call only queues them.
 */
export const vodCalls = defineCalls("vod", {
  list: { endpoint: mediaApi.list, body: "vod.room", access: media, summary: "A session's videos (on shelf by idx, off shelf, then the rest by upload) and the order's version" },
  table: { endpoint: mediaApi.table, body: "vod.rooms", access: media, summary: "The videos of up to 100 sessions: [{roomid, media_list}]" },
  sequence: {
    endpoint: mediaApi.sequence,
    body: "vod.sequence",
    access: media,
    summary: "Sets the order and shelf state of a session's videos in one transaction; a stale version is refused with code 409 and the stored list unless overwrite",
  },
  uploadToken: { endpoint: mediaApi.uploadToken, body: "vod.upload-token", access: media, summary: "Makes the video's row (transcode state \"\") and answers the tus address and token of its upload" },
  uploadComplete: { endpoint: mediaApi.uploadComplete, body: "vod.video", access: media, summary: "The upload is whole: queues the transcode (fails at once without ffmpeg)" },
  remove: { endpoint: mediaApi.remove, query: "vod.video", access: media, summary: "Moves a video to the recycle bin and cancels its jobs" },
  recycled: { endpoint: mediaApi.recycled, query: "vod.recycle.query", access: media, summary: "The organisation's recycled videos and recordings, newest first, with when each is purged" },
  restore: { endpoint: mediaApi.restore, body: "vod.recycled", access: media, summary: "Back from the recycle bin: a video off shelf, a recording to its live" },
  purge: { endpoint: mediaApi.purge, query: "vod.recycled", access: media, summary: "Deletes a recycled video or recording for good, with its files" },
  file: {
    endpoint: mediaApi.file,
    access: access.public("the address is the credential: a name of 128 random bits signed (HMAC, hours) by the calls of the organisation's admins and by the room for its viewers, whose players send no session"),
    summary: "A transcoded video, poster, audio or audio list, with HTTP Range support",
    answer: "file",
  },
  convertAudio: { endpoint: liveMediaApi.convertAudio, query: "live.id.query", access: access.menu(["audioDown"]), summary: "Queues the audio extraction of a live's recordings" },
  audioStatus: { endpoint: liveMediaApi.audioStatus, query: "live.id.query", access: access.menu(["audioDown"]), summary: "A live's audio: status (2 not converted, 0 converting, 1 done) and meta_url" },
  audioFiles: { endpoint: liveMediaApi.audioFiles, query: "live.id.query", access: access.menu(["audioDown"]), summary: "A live's audio files (the meta list's items, addresses signed); none until converted" },
  replayDownload: { endpoint: liveMediaApi.replayDownload, query: "live.id.query", access: access.menu(["videoDown"]), summary: "The download address and title of a live's first recording" },
  removeRecording: {
    endpoint: liveMediaApi.removeRecording,
    query: "id.query",
    // The live lists' operation (删除录像), so their keys; restoring is the recycle bin's, under the media keys.
    access: access.menu(liveCourseKeys),
    summary: "Moves a live's recordings to the recycle bin (restorable there as its recording)",
  },
  roomDocs: { endpoint: liveMediaApi.roomDocs, body: "vod.room", access: access.menu(["docDown", live.menu.key]), summary: "A live's courseware (its CloudDiskFiles): [{Id, Name, Size, Url, Type}]" },
});
