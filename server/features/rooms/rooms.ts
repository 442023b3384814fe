import type { FastifyRequest } from "fastify";
import { broadcastSocketPath, builtInRoomPath, roomLimits, roomMessages, roomSocketPath, type ShareAnswers } from "../../../resources/rooms/room-api";
import { ffmpegTools } from "../../adapters/ffmpeg";
import { mediaStore } from "../../services/media/store";
import { Broadcasts, PLAYLIST } from "../../services/rooms/broadcast";
import { HlsFiles } from "../../services/rooms/hls-files";
import { RtmpIngest } from "../../services/rooms/rtmp-ingest";
import { pushAddressHandler } from "./push";
import { roomScope, verifyRoomToken } from "../../services/rooms/room-token";
import { roomDocs } from "../../services/media/live-media";
import { signedQuery } from "../../services/cloud-disk/signing";
import { canMarkChapters, chaptersOf, markChapter } from "../../services/rooms/chapters";
import { roomViewerCredential, roomViewerOf } from "./room-viewer";
import { roomCalls } from "../../../resources/rooms/calls";
import { defineFeature } from "../../engine/calls";
import { jobHolder } from "../../engine/job-lease";
import { orgScope } from "../../engine/org-scope";
import { addressNotFound, ApiError, apiNotFound, ok } from "../../plugins/envelope";
import { clientAddress } from "../../engine/limits";
import { needIdentity } from "../../plugins/session";
import { chatList } from "../../services/rooms/chat";
import { RoomHub } from "../../services/rooms/room-hub";
import { roomGrantFor, type EnterQuery } from "../../services/rooms/room-access";
import { startRoomJobs } from "../../services/rooms/room-jobs";
import { signRoomToken } from "../../services/rooms/room-token";
import { enterShared, shareInfo } from "../../services/rooms/share-access";
import { tokenSecret } from "../../services/tool-tokens";

/** The page names of a share link (2 §7 share URL; resources/rooms/share-url.ts). */
const sharePages = /^(name_)?(liveclass|miniliveclass)\.html$|^player\.html$/;

/**
 * The live rooms (issue 11 items 2, 4, 5): the room token of the portal, the share links of a live,
 * the chat manager's list; and, set up here with the app, the built-in room's hub with its
 * WebSocket and its background jobs, and the share link's page address.
 */
/**
 * The credential of a live's HLS files: a room token of that live in `?token=` (any viewer the room
 * let in, in the live or the playback room). Anything else answers as a missing address.
 */
const hlsCredential = (key: Buffer) => (request: FastifyRequest) => {
  const { live } = request.params as { live: string };
  const { token } = request.query as { token?: unknown };
  const grant = typeof token === "string" ? verifyRoomToken(key, token) : null;
  if (!grant || String(grant.liveId) !== live) throw addressNotFound(request);
};

export default defineFeature({
  group: roomCalls,
  credentials: ({ config }) => ({ "room.hls": hlsCredential(tokenSecret(config)), "room.viewer": roomViewerCredential(tokenSecret(config)) }),
  handlers: ({ db, config, app }) => {
    const key = tokenSecret(config);
    // This process in the viewer log and the job leases.
    const node = jobHolder();
    // The large class's publication (issue 18); its recordings go to the media store, as recorded sessions' videos do.
    const broadcasts: Broadcasts = new Broadcasts({
      db,
      key,
      dataDir: config.dataDir,
      media: mediaStore(config.dataDir),
      tools: ffmpegTools,
      publish: (event) => hub.bus.publish(event),
      log: app.log,
      publisherGoneMs: config.broadcastGoneMs,
      holder: node,
    });
    const hlsFiles = new HlsFiles({ locate: (liveId, folder, file) => broadcasts.fileOf(liveId, folder, file) });
    // Manual push (pushStreamType 1): listens while the server does, so an app only injected into listens nowhere.
    const ingest = config.rtmpPort ? new RtmpIngest({ port: config.rtmpPort, host: config.host, broadcasts, log: app.log }) : null;
    if (ingest) app.addHook("onListen", () => ingest.start());
    const hub = new RoomHub({ db, key, node, streamTemplate: config.liveStreamUrl, log: app.log, broadcastOf: (liveId) => broadcasts.stateOf(liveId) });
    app.addHook("onReady", () => hub.start());
    // Other features tell the rooms what they changed (a moderator's pass, ban, revoke, reply:
    // server/features/moderation; a pinned card, changed cards: server/features/live-commerce).
    app.decorate("roomBus", hub.bus);
    app.addHook("preClose", async () => {
      // Encoders first, so their lives are left waiting like the browsers' below.
      await ingest?.close();
      await broadcasts.close();
      await hub.close();
    });
    startRoomJobs(app, { db, node, periodMs: config.roomJobsMs, publish: (event) => hub.bus.publish(event) });

    // eslint-disable-next-line no-restricted-syntax -- a WebSocket, not an HTTP call (census exception)
    app.get(roomSocketPath, { websocket: true, schema: { hide: true } }, (socket, request) => hub.accept(socket, request));
    // eslint-disable-next-line no-restricted-syntax -- the teacher's publication, a WebSocket of binary media chunks (census exception)
    app.get(broadcastSocketPath, { websocket: true, schema: { hide: true } }, (socket) => broadcasts.accept(socket));

    // A share link (2 §7 share URL) opens the built-in room site's share page with what its address says.
    // eslint-disable-next-line no-restricted-syntax -- a share link's page address, a pattern of folders (census exception)
    app.get("/:folder(^share_[A-Za-z0-9_-]+)/:page", { schema: { hide: true } }, async (request, reply) => {
      const { page } = request.params as { folder: string; page: string };
      const match = sharePages.exec(page);
      if (!match) return apiNotFound(request, reply);
      const given = new URLSearchParams(request.url.split("?")[1] ?? "");
      const next = new URLSearchParams();
      next.set("guid", given.get("guid") ?? "");
      const replay = page === "player.html";
      next.set("livetype", replay ? "playback" : given.get("livetype") ?? "all");
      if (replay) next.set("replay", "1");
      if (match[1]) next.set("byname", "1");
      const exparam = given.get("exparam");
      if (exparam) next.set("exparam", exparam.slice(0, roomLimits.exparamMax));
      return reply.redirect(`${builtInRoomPath}/share?${next}`, 302);
    });

    return {
      token: async (request) => {
        const auth = needIdentity(request);
        const scope = orgScope(request, db);
        const nickname = auth.identity.name || auth.person.nickname || auth.person.mobile;
        const grant = await roomGrantFor(scope, auth.identity, nickname, request.query as EnterQuery, Date.now());
        const token = signRoomToken(key, grant);
        return ok({ token, nick_name: grant.name }, { token, nick_name: grant.name });
      },
      share: async (request) => {
        const q = request.query as { guid: string; replay?: number };
        return ok(await shareInfo(db, q.guid, q.replay === 1, Date.now()));
      },
      shareEnter: async (request) => {
        const grant = await enterShared(db, request.body as ShareAnswers, clientAddress(request), Date.now());
        const token = signRoomToken(key, grant);
        return ok({ token, nick_name: grant.name }, { token, nick_name: grant.name });
      },
      hls: async (request, reply) => {
        const { live, folder, file } = request.params as { live: string; folder: string; file: string };
        const found = await hlsFiles.get(Number(live), folder, file);
        if (!found) return apiNotFound(request, reply);
        return (
          reply
            .header("content-type", found.type)
            // The playlist changes every segment; a segment never does.
            .header("cache-control", file === PLAYLIST ? "no-store" : "private, max-age=3600")
            .send(found.bytes)
        );
      },
      docs: async (request) => {
        const grant = roomViewerOf(request);
        // Signed as /mediaurlrq signs (a few minutes): the room's viewers have no session the cloud disk accepts.
        const signed = (url: string, stored: string) => `${url}?${signedQuery(key, stored)}`;
        return ok(await roomDocs(roomScope(grant, db), grant.liveId, signed));
      },
      chapters: async (request) => {
        const grant = roomViewerOf(request);
        return ok(await chaptersOf(roomScope(grant, db), grant.liveId));
      },
      floor: async (request) => {
        const { key: holder } = request.body as { key: string };
        await broadcasts.setFloor(roomViewerOf(request), holder);
        return ok(null, { msg: holder ? "已交出发言权" : "已收回发言权" });
      },
      markChapter: async (request) => {
        const grant = roomViewerOf(request);
        if (!canMarkChapters(grant)) throw new ApiError(403, roomMessages.chapterTeacherOnly);
        const now = Date.now();
        const offset = await broadcasts.recordedMs(grant.liveId, now);
        if (offset === null) {
          const ended = (await broadcasts.stateOf(grant.liveId)).state === "ended";
          throw new ApiError(403, ended ? roomMessages.ended : roomMessages.chapterNotLive);
        }
        const { title } = request.body as { title: string };
        return ok(await markChapter(roomScope(grant, db), grant, title, offset, now), { msg: "已标记章节" });
      },
      pushAddress: pushAddressHandler(db, key, config),
      chatList: async (request) => {
        const { rows, total } = await chatList(orgScope(request, db), request.body as { liveid: number; type: 0 | 1 | -1; page: number; count: number });
        return ok({ historymsg: rows, total }, { count: total });
      },
    };
  },
});
