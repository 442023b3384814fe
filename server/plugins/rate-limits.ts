import rateLimit, { normalizeIP, type CreateRateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Limit, RateLimits } from "../rate-limit-settings";
import { ApiError } from "./envelope";

const TOO_MANY = "请求过于频繁，请稍后再试";

type Check = (request: FastifyRequest) => Promise<void>;

declare module "fastify" {
  interface FastifyInstance {
    /** Guards (`route(…, { guard })`) that answer 429 past a limit of `RateLimits`. */
    limits: { signIn: Check; codes: Check; captcha: Check };
  }
}

/** The client's address as the limits count it: an IPv6 client by its /64, which one subscriber usually holds whole. */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

/** The mobile a sign-in call names, in its body or query; checked before validation, so anything may be there. */
const mobileOf = (request: FastifyRequest) => {
  const from = (request.body ?? request.query) as { mobile?: unknown } | undefined;
  return typeof from?.mobile === "string" ? from.mobile.slice(0, 20) : "";
};

/**
 * The per-address and per-mobile limits of the sign-in, code and captcha calls, answered as
 * 429 in the envelope. rate-limit-settings.ts says why their counters are kept in memory.
 * @fastify/rate-limit stops at the first limit a route declares, so each guard asks its
 * counters itself (`createRateLimit`) and a call can meet both its address's and its mobile's.
 */
async function rateLimits(app: FastifyInstance, limits: RateLimits) {
  await app.register(rateLimit, { global: false });

  // Room for many clients (an evicted counter starts again from zero); per address unless a key is given.
  const counter = (limit: Limit, keyGenerator?: (request: FastifyRequest) => string) => {
    const options: CreateRateLimitOptions & { cache: number } = { max: limit.max, timeWindow: limit.windowMs, cache: 50_000 };
    if (keyGenerator) {
      options.keyGenerator = keyGenerator;
      // A call that names no mobile (the signed-in admin's own password change) has no per-mobile count.
      options.allowList = (_request, key) => key === "";
    }
    return app.createRateLimit(options);
  };
  const perIp = (limit: Limit) => (limits.perIp ? [counter(limit)] : []);
  const perMobile = (limit: Limit) => [counter(limit, mobileOf)];

  const check = (counters: ReturnType<typeof counter>[]): Check => async (request) => {
    for (const count of counters) {
      const state = await count(request);
      if (!state.isAllowed && state.isExceeded) throw new ApiError(429, TOO_MANY, 429, { retryAfter: state.ttlInSeconds });
    }
  };

  app.decorate("limits", {
    signIn: check([...perIp(limits.signInPerIp), ...perMobile(limits.signInPerMobile)]),
    codes: check(perIp(limits.codesPerIp)),
    captcha: check([...perIp(limits.captchasPerIp), ...perMobile(limits.captchasPerMobile)]),
  });
}

export default fp(rateLimits, { name: "rate-limits" });

