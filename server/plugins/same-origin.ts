import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config";
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
 * The origins this server answers as its own: where people open the console (PUBLIC_ORIGINS, or
 * those derived from HOST and PORT) and the extra ones allowed to call it (ALLOWED_ORIGINS, the
 * Vite dev server's among them). Configured, never read from a request.
 */
export const ownOrigins = (config: Pick<Config, "publicOrigins" | "allowedOrigins">): string[] => [
  ...new Set([...config.publicOrigins, ...config.allowedOrigins].map(originOf).filter((o) => o !== null)),
];

/**
 * The origin a page was opened at, when it is one of `origins`; otherwise the first public origin.
 * A Host header (or a forwarded one) is whatever the sender wrote, so it only ever picks among ours.
 */
export function pageOrigin(request: FastifyRequest, origins: string[], publicOrigins: string[]): string {
  const asked = originOf(`${request.protocol}://${request.host}`);
  return asked !== null && origins.includes(asked) ? asked : publicOrigins[0];
}

/**
 * The session cookie is SameSite=Lax, which still lets a same-site page on another port or
 * subdomain post to us; so a state-changing request must also come from one of our own origins.
 * Those are configured (PUBLIC_ORIGINS and ALLOWED_ORIGINS, server/config.ts), never read from
 * the request: a Host header is whatever the sender wrote, and a page on a rebound DNS name sends
 * a Host and an Origin that agree with each other. Requests without Origin or Referer (curl,
 * server-to-server) carry no ambient browser credentials worth forging and pass.
 */
async function sameOrigin(app: FastifyInstance, opts: { origins: string[] }) {
  const ours = new Set(opts.origins);
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
