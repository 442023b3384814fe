import type { FastifyRequest } from "fastify";
import { liveCommerceCalls } from "../../../resources/live-commerce/calls";
import { shelfRoomMessages, shelves, type ShelfDecl, type ShelfKind } from "../../../resources/live-commerce/shelf";
import { defineFeature } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ApiError, ok } from "../../plugins/envelope";
import { countClick, pinCard, roomShelf } from "../../services/live-commerce/room-shelf";
import { judgeList, ownLive, readShelf, saveShelf } from "../../services/live-commerce/shelf";
import { roomScope } from "../../services/rooms/room-token";
import { roomViewerOf } from "../rooms";

/**
 * A live's products and ads (issue 20 item 8): the admins' read and save of each list, and the
 * room's cards, pin and clicks. A save and a pin are told to the live's rooms on the room bus, so
 * every viewer's cards follow at once, whichever process holds the viewer.
 */
export default defineFeature({
  group: liveCommerceCalls,
  handlers: ({ db, app }) => {
    const announce = (event: { k: "pin"; live: number; pinned: { kind: ShelfKind; productid: string } | null } | { k: "shelf"; live: number }) =>
      app.roomBus.publish(event).catch((err) => app.log.warn({ err }, "live-commerce: the rooms were not told"));

    const answer = (decl: ShelfDecl, read: { items: unknown[]; ver: number; clicks: Record<string, number> }) => ({
      [decl.listField]: JSON.stringify(read.items),
      ver: read.ver,
      clicks: read.clicks,
    });

    const read = (decl: ShelfDecl) => async (request: FastifyRequest) => {
      const scope = orgScope(request, db);
      const { liveid } = request.query as { liveid: number };
      await ownLive(scope, liveid);
      return ok(answer(decl, await readShelf(scope, decl.kind, liveid)));
    };

    const save = (decl: ShelfDecl) => async (request: FastifyRequest) => {
      const scope = orgScope(request, db);
      const body = request.body as Record<string, unknown> & { liveid: number; ver?: number };
      await ownLive(scope, body.liveid);
      const items = judgeList(decl, String(body[decl.bodyField]));
      await saveShelf(scope, decl, body.liveid, items, body.ver);
      void announce({ k: "shelf", live: body.liveid });
      return ok(answer(decl, await readShelf(scope, decl.kind, body.liveid)), { msg: "修改成功" });
    };

    return {
      products: read(shelves.product),
      saveProducts: save(shelves.product),
      ads: read(shelves.ad),
      saveAds: save(shelves.ad),
      roomShelf: async (request) => {
        const grant = roomViewerOf(request);
        return ok(await roomShelf(roomScope(grant, db), grant.liveId));
      },
      pin: async (request) => {
        const grant = roomViewerOf(request);
        // The one who runs the live pins, in the live room: not a viewer, not the playback room.
        if (grant.role !== "teacher" || grant.playType !== 1) throw new ApiError(403, shelfRoomMessages.pinTeacherOnly);
        const { kind, productid } = request.body as { kind: ShelfKind; productid: string };
        const pinned = await pinCard(roomScope(grant, db), grant.liveId, kind, productid);
        await announce({ k: "pin", live: grant.liveId, pinned });
        return ok(pinned, { msg: pinned ? shelfRoomMessages.pinned : shelfRoomMessages.unpinned });
      },
      click: async (request) => {
        const grant = roomViewerOf(request);
        const { kind, productid } = request.body as { kind: ShelfKind; productid: string };
        const counted = await countClick(db, roomScope(grant, db), grant.liveId, grant.key, kind, productid);
        return ok({ counted });
      },
    };
  },
});
