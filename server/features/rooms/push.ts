import type { FastifyRequest } from "fastify";
import { pushMessages, pushSettings } from "../../../resources/rooms/room-api";
import type { Config } from "../../config";
import type { Db } from "../../db/database";
import type { Handler } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ApiError, fail, ok } from "../../plugins/envelope";
import { ownOrigins, pageOrigin } from "../../plugins/same-origin";
import { pushKeyOf } from "../../services/rooms/push-key";

/**
 * A live's push address and stream key (pushApi.address), for an encoder such as OBS: the ingest on
 * the host of the console's origin (one of ours, as /config.json picks it, never a Host header as
 * sent), and the live's key, answered for any live of the caller's organisation (the ingest itself
 * refuses a live not set to manual push, or out of its window).
 */
export function pushAddressHandler(db: Db, key: Buffer, config: Pick<Config, "rtmpPort" | "publicOrigins" | "allowedOrigins">): Handler {
  const port = config.rtmpPort;
  const origins = ownOrigins(config);
  return async (request: FastifyRequest) => {
    if (!port) throw new ApiError(409, pushMessages.off);
    const scope = orgScope(request, db);
    const { liveid } = request.query as { liveid: number };
    const live = await scope.selectFrom("lives").select("id").where("id", "=", liveid).executeTakeFirst();
    if (!live) throw fail.notFound("直播");
    const { hostname } = new URL(pageOrigin(request, origins, config.publicOrigins));
    const url = `rtmp://${hostname}:${port}/${pushSettings.app}`;
    return ok({ url, key: pushKeyOf(key, scope.orgId, live.id) });
  };
}
