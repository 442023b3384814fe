import type { FastifyInstance, FastifyRequest } from "fastify";
import { portalApi, portalLimits } from "../../../resources/portal";
import type { Ctx } from "../../context";
import { orgScope } from "../../engine/org-scope";
import { ApiError, ok } from "../../plugins/envelope";
import { authByFeedAddress } from "../../plugins/feed-credential";
import { clientAddress } from "../../plugins/rate-limits";
import { needIdentity } from "../../plugins/session";
import { calendarFeed } from "../../services/calendar-feed";
import { formatDateTime } from "../../services/datetime";
import { randomToken, sha256 } from "../../services/passwords";
import type { PortalRole } from "../../services/portal-rooms";
import { hostPrefixes } from "../../config";
import { route } from "../../engine/route";
import { portalGuard } from "./viewer";

const tags = ["portal calendar"];
const TOO_MANY = "请求过于频繁，请稍后再试";

/**
 * The calendar subscription (issue 11 item 5): a secret address per portal identity that a
 * calendar app fetches without a session. The secret is shown once, when made (only its hash is
 * kept); making a new one replaces the row, so the old address answers 404 from that moment, and
 * stopping deletes it. Fetches are bounded per address and per client address.
 */
export default async function portalCalendarRoutes(app: FastifyInstance, { db, config }: Ctx) {
  const perIp = app.createRateLimit({ max: portalLimits.feedPerIp.max, timeWindow: portalLimits.feedPerIp.windowMs, keyGenerator: clientAddress });
  const perAddress = app.createRateLimit({
    max: portalLimits.feedPerSecret.max,
    timeWindow: portalLimits.feedPerSecret.windowMs,
    // Counted by the secret's hash, so the counter's memory never holds a working address.
    keyGenerator: (request) => sha256(String((request.params as { file?: unknown }).file ?? "")),
  });
  const within = async (limit: typeof perIp, request: FastifyRequest) => {
    const state = await limit(request);
    if (!state.isAllowed && state.isExceeded) throw new ApiError(429, TOO_MANY, 429, { retryAfter: state.ttlInSeconds });
  };

  route(app, portalApi.feedStatus, { guard: portalGuard, summary: "Whether the identity has a calendar address", tags }, async (request) => {
    const { identity } = needIdentity(request);
    const row = await orgScope(request, db).selectFrom("calendar_feeds").select("created_at").where("identity_id", "=", identity.id).executeTakeFirst();
    return ok({ active: !!row, createTime: row ? formatDateTime(row.created_at) : "" });
  });

  route(app, portalApi.feedCreate, { guard: portalGuard, summary: "A new secret calendar address; the old one stops working", tags }, async (request) => {
    const { identity } = needIdentity(request);
    const secret = randomToken();
    const now = Date.now();
    await orgScope(request, db)
      .insertInto("calendar_feeds", { identity_id: identity.id, secret_hash: sha256(secret), created_at: now })
      .onConflict((oc) => oc.column("identity_id").doUpdateSet({ secret_hash: sha256(secret), created_at: now }))
      .execute();
    const path = (hostPrefixes[portalApi.feed.host] ?? "") + portalApi.feed.path.replace(":file", `${secret}.ics`);
    return ok({ path, createTime: formatDateTime(now) }, { msg: "订阅地址已生成" });
  });

  route(app, portalApi.feedRevoke, { guard: portalGuard, summary: "Stop the identity's calendar address", tags }, async (request) => {
    const { identity } = needIdentity(request);
    await orgScope(request, db).deleteFrom("calendar_feeds").where("identity_id", "=", identity.id).execute();
    return ok(null, { msg: "订阅已停用" });
  });

  route(
    app,
    portalApi.feed,
    {
      summary: "The identity's lives of the past 30 and next 90 days as iCalendar; the secret in the address is the credential",
      tags,
      guard: async (request) => {
        if (config.rateLimits.perIp) await within(perIp, request);
        await within(perAddress, request);
        request.auth = await authByFeedAddress(db, request);
      },
    },
    async (request, reply) => {
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
  );
}
