import crypto from "node:crypto";
import os from "node:os";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { builtInRoomPath, chatApi, roomApi, roomLimits, roomSocketPath, type ShareAnswers } from "../../../resources/room-api";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { clientAddress } from "../../plugins/rate-limits";
import { menuKeysOf } from "../../services/menu";
import { chatList } from "../../services/rooms/chat";
import { RoomHub } from "../../services/rooms/room-hub";
import { roomGrantFor, type EnterQuery } from "../../services/rooms/room-access";
import { startRoomJobs } from "../../services/rooms/room-jobs";
import { signRoomToken } from "../../services/rooms/room-token";
import { enterShared, shareInfo } from "../../services/rooms/share-access";
import { route } from "../../engine/route";
import { tokenSecret } from "../tools/tokens";

const TOO_MANY = "请求过于频繁，请稍后再试";

/** The page names of a share link (2 §7 share URL; resources/share-url.ts). */
const sharePages = /^(name_)?(liveclass|miniliveclass)\.html$|^player\.html$/;

/**
 * The live rooms (issue 11 items 2, 4, 5): the room token of the portal, the chat manager's list,
 * the share links of a live, and the built-in room's WebSocket with its background jobs. Bespoke
 * routes: a room is entered by rules of people and times, not a declared entity's CRUD.
 */
export default async function roomsDomain(app: FastifyInstance, ctx: Ctx) {
  const key = tokenSecret(ctx.config);
  // This process in the viewer log: the host and pid make it readable, the random part unique.
  const node = `${os.hostname().slice(0, 16)}-${process.pid}-${crypto.randomBytes(3).toString("hex")}`;
  const hub = new RoomHub({ db: ctx.db, key, node, streamTemplate: ctx.config.liveStreamUrl, log: app.log });
  app.addHook("onReady", () => hub.start());
  app.addHook("preClose", () => hub.close());
  startRoomJobs(app, { db: ctx.db, node, periodMs: ctx.config.roomJobsMs, publish: (event) => hub.bus.publish(event) });

  // A person enters a room now and then; a loop asking for tokens is not a person. A share link's
  // viewers all come from a school's one address, so that count is generous (and off for benches).
  const perIdentity = app.createRateLimit({ max: 120, timeWindow: 60_000, keyGenerator: (r) => `i${r.auth?.identity?.id ?? r.ip}` });
  const perAddress = ctx.config.rateLimits.perIp ? app.createRateLimit({ max: 3000, timeWindow: 60_000, keyGenerator: (r) => clientAddress(r) }) : null;
  const limited = async (count: typeof perIdentity | null, request: FastifyRequest) => {
    const state = count ? await count(request) : null;
    if (state && !state.isAllowed && state.isExceeded) throw new ApiError(429, TOO_MANY, 429, { retryAfter: state.ttlInSeconds });
  };

  route(
    app,
    roomApi.token,
    {
      query: "room.enter.query",
      guard: async (request) => {
        needIdentity(request);
        await limited(perIdentity, request);
      },
      summary: "A room token for a live (2 §7 portal token, 3 §7.5): {token, nick_name}",
      tags: ["rooms"],
    },
    async (request) => {
      const auth = needIdentity(request);
      const scope = orgScope(request, ctx.db);
      const nickname = auth.identity.name || auth.person.nickname || auth.person.mobile;
      const grant = await roomGrantFor(scope, auth.identity, nickname, request.query as EnterQuery, Date.now());
      const token = signRoomToken(key, grant);
      return ok({ token, nick_name: grant.name }, { token, nick_name: grant.name });
    },
  );

  route(
    app,
    roomApi.share,
    { query: "room.share.query", guard: (request) => limited(perAddress, request), summary: "What a share link's page shows before letting a viewer in", tags: ["rooms"] },
    async (request) => {
      const q = request.query as { guid: string; replay?: number };
      return ok(await shareInfo(ctx.db, q.guid, q.replay === 1, Date.now()));
    },
  );

  route(
    app,
    roomApi.shareEnter,
    { body: "room.share-enter", guard: (request) => limited(perAddress, request), summary: "A viewer token for a shared live, after its verification", tags: ["rooms"] },
    async (request) => {
      const grant = await enterShared(ctx.db, request.body as ShareAnswers, clientAddress(request), Date.now());
      const token = signRoomToken(key, grant);
      return ok({ token, nick_name: grant.name }, { token, nick_name: grant.name });
    },
  );

  route(
    app,
    chatApi.list,
    {
      body: "chat.list",
      // The chat manager is opened from the live list and the chat monitor (2 §2).
      guard: (request) => {
        const { identity } = needIdentity(request, "admin");
        const keys = menuKeysOf(identity);
        if (!keys.has("liveop") && !keys.has("chatMonitor")) throw fail.forbidden();
      },
      summary: "A live's chat messages of one review state (2 §7 chat, 3 §7.8)",
      tags: ["rooms"],
    },
    async (request) => {
      const { rows, total } = await chatList(orgScope(request, ctx.db), request.body as { liveid: number; type: 0 | 1 | -1; page: number; count: number });
      return ok({ historymsg: rows, total }, { count: total });
    },
  );

  app.get(roomSocketPath, { websocket: true, schema: { hide: true } }, (socket, request) => hub.accept(socket, request));

  // A share link (2 §7 share URL) opens the built-in room site's share page with what its address says.
  app.get("/:folder(^share_[A-Za-z0-9_-]+)/:page", { schema: { hide: true } }, async (request, reply) => {
    const { page } = request.params as { folder: string; page: string };
    const match = sharePages.exec(page);
    if (!match) return reply.status(404).send({ code: 404, data: null, msg: `请求地址出错: ${request.url.split("?")[0]}` });
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
}

