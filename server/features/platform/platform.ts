import { sql } from "kysely";
import { hostKinds } from "../../../resources/kernel/endpoint";
import { platformCalls } from "../../../resources/platform/calls";
import { builtInRoomPath } from "../../../resources/rooms/room-api";
import { hostPrefixes } from "../../config";
import { defineFeature } from "../../engine/calls";
import { ownOrigins, pageOrigin } from "../../plugins/same-origin";

/** The health probe and the console's configuration. */
export default defineFeature({
  group: platformCalls,
  handlers: ({ db, config }) => {
    // Base addresses are on the origin the page was opened at when it is one of ours (a LAN address
    // and a DNS name can both serve), else on the first public origin: never on a Host a sender made
    // up. The answer differs by Host, so no cache may keep one for another.
    const origins = ownOrigins(config);
    const vary = config.trustProxy ? "Host, X-Forwarded-Host, X-Forwarded-Proto" : "Host";
    return {
      health: async (_request, reply) => {
        try {
          await sql`select 1`.execute(db.kysely);
          return { code: 0, data: { db: db.dialect }, msg: "ok" };
        } catch {
          return reply.status(503).send({ code: 503, data: null, msg: "服务不可用" });
        }
      },
      config: async (request, reply) => {
        const origin = pageOrigin(request, origins, config.publicOrigins);
        const hosts = Object.fromEntries(hostKinds.map((k) => [k, origin + (hostPrefixes[k] ?? "")]));
        // The tool pages frame the sandbox served here unless OPEN_PLATFORM_URL names a real open platform.
        if (config.openPlatformUrl) hosts.openIframe = config.openPlatformUrl;
        reply.header("cache-control", "no-store").header("vary", vary);
        // The room routes frame the built-in room site unless LIVE_ROOM_URL names another; share links
        // open the room site served here unless SHARE_BASE_URL names another (2 §7 Share URL).
        const liveRoomUrl = config.liveRoomUrl ?? origin + builtInRoomPath;
        return { ...hosts, applyUrl: config.applyUrl, liveRoomUrl, shareBase: config.shareBaseUrl ?? origin, customerType: config.customerType };
      },
    };
  },
});
