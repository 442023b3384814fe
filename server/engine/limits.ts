import crypto from "node:crypto";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";
import { declaredLimits, type LimitName, type LimitSubject } from "../../resources/kernel/limits";
import type { Db } from "../db/database";
import { ApiError } from "../plugins/envelope";
import type { RateLimits } from "../rate-limit-settings";
import { takeHit } from "./rate-counter";

const TOO_MANY = "请求过于频繁，请稍后再试";

/** The client's address as the limits count it: an IPv6 client by its /64, which one subscriber usually holds whole. */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip);

const hashOf = (text: string) => crypto.createHash("sha256").update(text).digest("base64url");

/**
 * A value the call names, read before validation, so anything may be there: bounded text or
 * nothing. Text with control characters is counted by its hash: PostgreSQL stores no NUL.
 */
function named(request: FastifyRequest, name: string): string {
  for (const from of [request.params, request.query, request.body] as (Record<string, unknown> | undefined)[]) {
    const value = from?.[name];
    if (typeof value !== "string" && typeof value !== "number") continue;
    const text = String(value).slice(0, 200);
    return /\p{Cc}/u.test(text) ? `#${hashOf(text)}` : text;
  }
  return "";
}

/** Who a limit counts for this request; "" is not counted (a call that names no mobile). */
function subjectOf(per: LimitSubject, request: FastifyRequest): string {
  if (per === "address") return clientAddress(request);
  if (per === "mobile") return named(request, "mobile").slice(0, 20);
  if (per === "person") {
    const auth = request.auth;
    return auth?.identity ? `i${auth.identity.id}` : auth ? `p${auth.person.id}` : clientAddress(request);
  }
  const value = named(request, per.param);
  return value && per.hashed ? hashOf(value) : value;
}

/**
 * The check of a declared call's limits: each is counted on its own, in the database, and the
 * first one over answers 429 in the envelope with `retryAfter` seconds.
 */
export function limitsCheck(db: Db, settings: RateLimits, names: readonly LimitName[]) {
  const active = names.filter((name) => settings.perIp || declaredLimits[name].per !== "address");
  if (active.length === 0) return undefined;
  return async (request: FastifyRequest) => {
    for (const name of active) {
      const subject = subjectOf(declaredLimits[name].per, request);
      if (!subject) continue;
      const wait = await takeHit(db, `${name}:${subject}`, settings[name]);
      if (wait !== null) throw new ApiError(429, TOO_MANY, 429, { retryAfter: wait });
    }
  };
}
