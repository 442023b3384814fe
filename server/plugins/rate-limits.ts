import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { LimitName } from "../../resources/kernel/limits";
import type { Ctx } from "../context";
import { limitsCheck } from "../engine/limits";

export { clientAddress } from "../engine/limits";

type Check = (request: FastifyRequest) => Promise<void>;

declare module "fastify" {
  interface FastifyInstance {
    /**
     * The sign-in and code calls' limits for routes not yet declared (the portal's password and
     * mobile changes): the declared limits' own counters, so those calls share one budget with sign-in.
     */
    limits: { signIn: Check; codes: Check };
  }
}

/**
 * `app.createRateLimit` for the routes that still count in memory, and `app.limits` for those
 * that meet the sign-in calls' declared limits (server/engine/limits.ts counts them in the database).
 */
async function rateLimits(app: FastifyInstance, { db, config }: Ctx) {
  await app.register(rateLimit, { global: false });
  const check = (names: readonly LimitName[]): Check => limitsCheck(db, config.rateLimits, names) ?? (async () => {});
  app.decorate("limits", { signIn: check(["signInPerIp", "signInPerMobile"]), codes: check(["codesPerIp"]) });
}

export default fp(rateLimits, { name: "rate-limits" });
