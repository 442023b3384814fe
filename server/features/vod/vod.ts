import fs from "node:fs";
import path from "node:path";
import type { FastifyReply, FastifyRequest } from "fastify";
import { mediaConflictCode, mediaMessages, type AudioItem, type MediaFile } from "../../../resources/vod/media-api";
import { vodCalls } from "../../../resources/vod/calls";
import { ffmpegTools } from "../../adapters/ffmpeg";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ApiError, apiNotFound, fail, ok } from "../../plugins/envelope";
import { tokenSecret } from "../../services/tool-tokens";
import { audioFiles, audioStatus, replayDownload, roomDocs, startAudio } from "../../services/media/live-media";
import { completeUpload, mediaList, mediaTable, purge, recycled, removeRecordings, removeVideo, restore, saveSequence, startUpload, type RecycleKind, type SequenceInput } from "../../services/media/media";
import { registerMediaJobs, startRecyclePurge } from "../../services/media/media-jobs";
import { mediaStore, signedMediaUrl, storedMediaName, validMediaSignature, type MediaStore } from "../../services/media/store";
import { mountVodUpload } from "./upload";

const contentTypes: Record<string, string> = { mp4: "video/mp4", jpg: "image/jpeg", m4a: "audio/mp4", json: "application/json; charset=utf-8" };

/**
 * A stored media file, whole or the byte range asked (players seek with Range), to whoever holds
 * the signed address a call of the organisation's admins or the room handed out. An audio list is
 * answered with its items' addresses signed in turn.
 */
function serveFile(store: MediaStore, key: Buffer) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { name } = request.params as { name: string };
    const type = storedMediaName.test(name) ? contentTypes[path.extname(name).slice(1)] : undefined;
    const stat = type ? await fs.promises.stat(store.pathOf(name)).catch(() => null) : null;
    if (!type || !stat?.isFile()) return apiNotFound(request, reply);
    const { e, s } = request.query as { e?: unknown; s?: unknown };
    if (!validMediaSignature(key, name, e, s)) throw fail.forbidden();
    if (name.endsWith(".json")) {
      const items = JSON.parse(await fs.promises.readFile(store.pathOf(name), "utf8")) as AudioItem[];
      return reply.header("cache-control", "private, no-store").send(items.map((i) => ({ ...i, cdn_url: signedMediaUrl(key, i.cdn_url) })));
    }
    reply.header("content-type", type).header("accept-ranges", "bytes").header("cache-control", "private, max-age=86400");
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ""));
    if (!range || (!range[1] && !range[2])) return reply.header("content-length", stat.size).send(fs.createReadStream(store.pathOf(name)));
    const start = range[1] ? Number(range[1]) : Math.max(0, stat.size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), stat.size - 1) : stat.size - 1;
    if (start >= stat.size || start > end) return reply.status(416).header("content-range", `bytes */${stat.size}`).send();
    return reply
      .status(206)
      .header("content-range", `bytes ${start}-${end}/${stat.size}`)
      .header("content-length", end - start + 1)
      .send(fs.createReadStream(store.pathOf(name), { start, end }));
  };
}

/**
 * Recorded media (3 §3, §4, §8, §9; 2 §7): every query through the session's organisation scope
 * (services/media); transcoding and audio extraction are durable jobs on the app's runner.
 */
export default defineFeature({
  group: vodCalls,
  handlers: ({ app, db, config }) => {
    const store = mediaStore(config.dataDir);
    const tools = ffmpegTools();
    if (!tools) app.log.warn("ffmpeg not found: media transcoding is off");
    registerMediaJobs(app.jobs, db, store, tools);
    startRecyclePurge(app, db, store);
    mountVodUpload(app, db, store);
    const scope = (request: FastifyRequest) => orgScope(request, db);
    const key = tokenSecret(config);
    const sign = (url: string) => signedMediaUrl(key, url);
    const signFile = (f: MediaFile): MediaFile => ({ ...f, transcode_url: sign(f.transcode_url), poster_url: sign(f.poster_url) });
    const signList = <T extends { media_list: MediaFile[] }>(l: T): T => ({ ...l, media_list: l.media_list.map(signFile) });
    return {
      list: async (request) => ok(signList(await mediaList(scope(request), (request.body as { roomid: number }).roomid))),
      table: async (request) => ok((await mediaTable(scope(request), (request.body as { roomid_list: number[] }).roomid_list)).map(signList)),
      sequence: async (request) => {
        try {
          return ok(signList(await saveSequence(scope(request), request.body as SequenceInput)), { msg: "保存成功" });
        } catch (err) {
          if (err instanceof ApiError && err.code === mediaConflictCode) err.data = signList(err.data as { media_list: MediaFile[] });
          throw err;
        }
      },
      uploadToken: async (request) => ok(await startUpload(scope(request), store, request.body as { roomid: number; filename: string; size: number })),
      uploadComplete: async (request) => {
        const file = await completeUpload(scope(request), store, (request.body as { video_id: number }).video_id, !!tools);
        app.jobs.wake();
        return ok(signFile(file), { msg: file.transcode_state === "" ? "上传成功，正在转码" : file.reason || "上传成功" });
      },
      remove: async (request) => {
        await removeVideo(scope(request), Number((request.query as { video_id: number }).video_id));
        return ok(null, { msg: "删除成功" });
      },
      recycled: async (request) => {
        const { page = 1, count = 10 } = request.query as { page?: number; count?: number };
        const { rows, total } = await recycled(scope(request), page, count);
        return ok(rows, { count: total });
      },
      restore: async (request) => {
        const { kind, id } = request.body as { kind: RecycleKind; id: number };
        await restore(scope(request), kind, id);
        return ok(null, { msg: "恢复成功" });
      },
      purge: async (request) => {
        const { kind, id } = request.query as { kind: RecycleKind; id: number };
        await purge(scope(request), store, kind, Number(id));
        return ok(null, { msg: "删除成功" });
      },
      file: serveFile(store, key),
      convertAudio: async (request) => {
        await startAudio(scope(request), (request.query as { liveid: number }).liveid, !!tools);
        app.jobs.wake();
        return ok(null, { msg: mediaMessages.audioStarted });
      },
      audioStatus: async (request) => {
        const status = await audioStatus(scope(request), (request.query as { liveid: number }).liveid);
        return ok({ ...status, meta_url: sign(status.meta_url) });
      },
      audioFiles: async (request) =>
        ok((await audioFiles(scope(request), store, (request.query as { liveid: number }).liveid)).map((i) => ({ ...i, cdn_url: sign(i.cdn_url) }))),
      replayDownload: async (request) => {
        const replay = await replayDownload(scope(request), (request.query as { liveid: number }).liveid);
        return ok({ ...replay, url: sign(replay.url) });
      },
      removeRecording: async (request) => {
        await removeRecordings(scope(request), Number((request.query as { id: number }).id));
        return ok(null, { msg: mediaMessages.recordingRemoved });
      },
      roomDocs: async (request) => ok(await roomDocs(scope(request), (request.body as { roomid: number }).roomid)),
    };
  },
});
