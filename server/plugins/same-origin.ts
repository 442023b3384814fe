import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { fail } from "./envelope";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The session cookie is SameSite=Lax, which still lets a same-site page on another port or
 * subdomain post to us; so a state-changing request must also come from our own origin.
 * Requests without Origin or Referer (curl, server-to-server) carry no ambient browser
 * credentials worth forging and pass.
 */
async function sameOrigin(app: FastifyInstance, opts: { allowedOrigins: string[] }) {
  app.addHook("onRequest", async (request) => {
    if (SAFE.has(request.method)) return;
    if (request.headers["sec-fetch-site"] === "cross-site") throw fail.forbidden();
    const source = request.headers.origin ?? request.headers.referer;
    if (!source || source === "null") {
      if (source === "null") throw fail.forbidden();
      return;
    }
    let origin: string;
    try {
      origin = new URL(source).origin;
    } catch {
      throw fail.forbidden();
    }
    const own = new URL(`${request.protocol}://${request.headers.host ?? "localhost"}`).origin;
    if (origin !== own && !opts.allowedOrigins.includes(origin)) throw fail.forbidden();
  });
}

export default fp(sameOrigin, { name: "same-origin" });
