import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { fail } from "./envelope";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

const originOf = (source: string): string | null => {
  try {
    return new URL(source).origin;
  } catch {
    return null;
  }
};

/**
 * The session cookie is SameSite=Lax, which still lets a same-site page on another port or
 * subdomain post to us; so a state-changing request must also come from one of our own origins.
 * Those are configured (PUBLIC_ORIGINS and ALLOWED_ORIGINS, server/config.ts), never read from
 * the request: a Host header is whatever the sender wrote, and a page on a rebound DNS name sends
 * a Host and an Origin that agree with each other. Requests without Origin or Referer (curl,
 * server-to-server) carry no ambient browser credentials worth forging and pass.
 */
async function sameOrigin(app: FastifyInstance, opts: { origins: string[] }) {
  const ours = new Set(opts.origins.map(originOf).filter((o) => o !== null));
  app.addHook("onRequest", async (request) => {
    if (SAFE.has(request.method)) return;
    if (request.headers["sec-fetch-site"] === "cross-site") throw fail.forbidden();
    const source = request.headers.origin ?? request.headers.referer;
    if (source === undefined) return;
    const origin = originOf(source);
    if (origin === null || !ours.has(origin)) throw fail.forbidden();
  });
}

export default fp(sameOrigin, { name: "same-origin" });
