import type { FastifyInstance } from "fastify";
import fastifyHelmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import fp from "fastify-plugin";

type Directives = Record<string, string[]>;

/**
 * The console's Content-Security-Policy, one directive a line. Scripts come only from our own
 * files: index.html has no inline script, none injected into a page runs, and nothing is evaluated
 * from text (the forms' ajv validators are compiled at build time, scripts/lib/form-validators.ts).
 * 'wasm-unsafe-eval' lets a script compile WebAssembly and nothing else (no eval, no new Function):
 * the upload's md5 worker is hash-wasm's WebAssembly md5.
 * antd's CSS-in-JS writes <style> elements at run time, hence 'unsafe-inline' for styles only. Images are ours (uploads), data: (antd's
 * icons, small previews) or blob: (a picked cover before upload); the xlsx parser runs in a worker
 * of ours. Every host kind of /config.json is this server, so 'self' is every address the client
 * calls, the live room's WebSocket included (CSP 3: 'self' covers ws: and wss: of the page's own
 * host). The playback room plays a live's recordings, which are often on a CDN of their own: media
 * may come from any https address (media runs no code), and blob: for a recording opened locally;
 * the small class's camera arrives as a MediaStream, which no source list governs.
 */
export const consoleDirectives = (frameOrigins: string[] = []): Directives => ({
  "default-src": ["'self'"],
  // The tool pages frame the open platform: this server's sandbox, or the origin OPEN_PLATFORM_URL names.
  "frame-src": ["'self'", ...frameOrigins],
  "script-src": ["'self'", "'wasm-unsafe-eval'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  "media-src": ["'self'", "blob:", "https:"],
  "connect-src": ["'self'"],
  "worker-src": ["'self'", "blob:"],
  "frame-ancestors": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
});

/**
 * A stored file of the cloud disk, whatever its bytes: nothing in it runs as a page of our origin.
 * PDFs are served without it, since Chromium's viewer refuses a sandboxed document (their type is
 * checked on upload).
 */
export const storedFileDirectives: Directives = { "default-src": ["'none'"], sandbox: [] };

/** Helmet's options: every header of the policy is stated here, and nowhere else. */
const policy = (directives: Directives): FastifyHelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives },
  // For browsers that predate frame-ancestors.
  xFrameOptions: { action: "sameorigin" },
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  // An organisation may serve the console on a plain-http LAN address: HSTS (and upgrading its
  // requests, left out of the directives) is the TLS proxy's to choose.
  strictTransportSecurity: false,
  // Host kinds, the open platform and the room site may sit on other origins and embed or open one
  // another; cross-origin isolation would cut them apart for no gain here (no SharedArrayBuffer).
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: false,
  // Kept at helmet's values: nosniff, no DNS prefetch, no Flash/Acrobat cross-domain policy, the
  // legacy XSS filter off, IE's open-downloads prompt, an origin-keyed agent cluster.
});

/**
 * The same headers on every answer, pages and API alike (a JSON answer opened as a page or framed is
 * held to the same rules), written onto the raw response before the route runs, so answers a
 * library writes itself (tus) carry them too. A route narrows them with `reply.helmet(storedFile)`.
 */
async function securityHeaders(app: FastifyInstance, opts: { frameOrigins?: string[] }) {
  await app.register(fastifyHelmet, { global: true, ...policy(consoleDirectives(opts.frameOrigins ?? [])) });
}

/** The options `reply.helmet()` takes to serve a stored file under `storedFileDirectives`. */
export const storedFile = policy(storedFileDirectives);

export default fp(securityHeaders, { name: "security-headers" });
