import type { FastifyReply, FastifyRequest } from "fastify";
import { portalApi } from "../../../resources/portal/portal";
import { hostPrefixes } from "../../config";
import type { FeatureCtx } from "../../engine/calls";
import { orgScope } from "../../engine/org-scope";
import { ok } from "../../plugins/envelope";
import { needIdentity } from "../../plugins/session";
import { calendarFeed } from "../../services/calendar-feed";
import { formatDateTime } from "../../services/datetime";
import { randomToken, sha256 } from "../../services/passwords";
import type { PortalRole } from "../../services/portal-rooms";

/**
 * The calendar subscription (issue 11 item 5): a secret address per portal identity that a
 * calendar app fetches without a session. The secret is shown once, when made (only its hash is
 * kept); making a new one replaces the row, so the old address answers 404 from that moment, and
 * stopping deletes it. The feed's request carries the identity its secret names
 * (feed-credential.ts, the `feedSecret` credential).
 */
export const calendarHandlers = ({ db }: FeatureCtx) => ({
  feedStatus: async (request: FastifyRequest) => {
    const { identity } = needIdentity(request);
    const row = await orgScope(request, db).selectFrom("calendar_feeds").select("created_at").where("identity_id", "=", identity.id).executeTakeFirst();
    return ok({ active: !!row, createTime: row ? formatDateTime(row.created_at) : "" });
  },

  feedCreate: async (request: FastifyRequest) => {
    const { identity } = needIdentity(request);
    const secret = randomToken();
    const now = Date.now();
    await orgScope(request, db)
      .insertInto("calendar_feeds", { identity_id: identity.id, secret_hash: sha256(secret), created_at: now })
      .onConflict((oc) => oc.column("identity_id").doUpdateSet({ secret_hash: sha256(secret), created_at: now }))
      .execute();
    const path = (hostPrefixes[portalApi.feed.host] ?? "") + portalApi.feed.path.replace(":file", `${secret}.ics`);
    return ok({ path, createTime: formatDateTime(now) }, { msg: "订阅地址已生成" });
  },

  feedRevoke: async (request: FastifyRequest) => {
    const { identity } = needIdentity(request);
    await orgScope(request, db).deleteFrom("calendar_feeds").where("identity_id", "=", identity.id).execute();
    return ok(null, { msg: "订阅已停用" });
  },

  feed: async (request: FastifyRequest, reply: FastifyReply) => {
    const { identity } = needIdentity(request);
    const scope = orgScope(request, db);
    const org = await scope.shared.selectFrom("organisations").select("name").where("id", "=", scope.orgId).executeTakeFirstOrThrow();
    const text = await calendarFeed(scope, { identityId: identity.id, role: identity.role as PortalRole }, org.name, Date.now());
    return reply
      .type("text/calendar; charset=utf-8")
      .header("cache-control", "private, max-age=300")
      .header("content-disposition", 'inline; filename="lectern.ics"')
      .send(text);
  },
});
