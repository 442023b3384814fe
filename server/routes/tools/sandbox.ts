import fs from "node:fs";
import type { FastifyInstance, FastifyReply } from "fastify";
import { hostPrefixes } from "../../config";

const file = (name: string) => fs.readFileSync(new URL(`../../open-platform/${name}`, import.meta.url), "utf8");

/**
 * The sandbox open platform (issue 9 item 7): with no real open platform configured
 * (OPEN_PLATFORM_URL), every tool page frames this one page at its tool's sub-path. It checks the
 * token it was handed, shows the tool and the parameters it received, and can post `goBackTip`
 * to the console, so each frame page works, and is tested, with no outside host. Its script is a
 * file of its own: the Content-Security-Policy refuses inline scripts here as everywhere.
 */
export default async function sandboxRoutes(app: FastifyInstance) {
  const base = hostPrefixes.openIframe;
  const page = file("sandbox.html").replaceAll("{{base}}", base);
  const script = file("sandbox.js");
  const hide = { schema: { hide: true } };
  app.get(`${base}/_sandbox/sandbox.js`, hide, async (_request, reply) =>
    reply.header("content-type", "text/javascript; charset=utf-8").header("cache-control", "no-cache").send(script),
  );
  const html = async (_request: unknown, reply: FastifyReply) =>
    reply.header("content-type", "text/html; charset=utf-8").header("cache-control", "no-store").send(page);
  app.get(`${base}/`, hide, html);
  app.get(`${base}/*`, hide, html);
}
