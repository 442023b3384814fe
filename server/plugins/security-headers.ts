import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * The console's Content-Security-Policy. Scripts come only from our own files: index.html has no
 * inline script, none injected into a page runs, and nothing is evaluated from text (the forms'
 * ajv validators are compiled at build time, scripts/lib/form-validators.ts). antd's CSS-in-JS writes <style> elements at run time, hence
 * 'unsafe-inline' for styles only. Images are ours (uploads), data: (antd's icons, small previews) or blob: (a picked
 * cover before upload); the xlsx parser runs in a worker of ours. Every host kind of /config.json
 * is this server, so 'self' is every address the client calls, the live room's WebSocket included
 * (CSP 3: 'self' covers ws: and wss: of the page's own host). The playback room plays a live's
 * recordings, which are often on a CDN of their own: media may come from any https address (media
 * runs no code), and blob: for a recording opened locally; the small class's camera arrives as a
 * MediaStream, which no source list governs.
 */
export const contentSecurityPolicy = (frameOrigins: string[] = []) => [
  "default-src 'self'",
  // The tool pages frame the open platform: this server's sandbox, or the origin OPEN_PLATFORM_URL names.
  `frame-src ${["'self'", ...frameOrigins].join(" ")}`,
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "media-src 'self' blob: https:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");

const headersFor = (frameOrigins: string[]): Record<string, string> => ({
  "content-security-policy": contentSecurityPolicy(frameOrigins),
  // For browsers that predate frame-ancestors.
  "x-frame-options": "SAMEORIGIN",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
});

/**
 * The same headers on every answer, pages and API alike: a JSON answer opened as a page or framed
 * is held to the same rules. Set by hand rather than through helmet, whose other defaults
 * (upgrade-insecure-requests, HSTS, cross-origin isolation) would break the plain-http LAN
 * address an organisation may serve on and are a TLS proxy's to choose.
 */
async function securityHeaders(app: FastifyInstance, opts: { frameOrigins?: string[] }) {
  const headers = headersFor(opts.frameOrigins ?? []);
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(headers);
  });
}

export default fp(securityHeaders, { name: "security-headers" });
