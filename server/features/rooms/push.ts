import type { FastifyRequest } from "fastify";
import { pushMessages, pushSettings } from "../../../resources/rooms/room-api";
import type { Db } from "../../db/database";
import type { Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { pushKeyOf } from "../../services/rooms/push-key";

/**
 * A live's push address and stream key (pushApi.address), for an encoder such as OBS: the ingest on
 * the host the console was reached at, and the live's key, answered for any live of the caller's
 * organisation (the ingest itself refuses a live not set to manual push, or out of its window).
 */
export function pushAddressHandler(db: Db, key: Buffer, port: number | null): Handler {
  return async (request: FastifyRequest) => {
    if (!port) throw new ApiError(409, pushMessages.off);
    const scope = orgScope(request, db);
    const { liveid } = request.query as { liveid: number };
    const live = await scope.selectFrom("lives").select("id").where("id", "=", liveid).executeTakeFirst();
    if (!live) throw fail.notFound("直播");
    const url = `rtmp://${request.hostname}:${port}/${pushSettings.app}`;
    return ok({ url, key: pushKeyOf(key, scope.orgId, live.id) });
  };
}
