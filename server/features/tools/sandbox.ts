import fs from "node:fs";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { tools } from "../../../resources/tools/tools";
import { hostPrefixes } from "../../config";
import type { Handler } from "../../engine/calls";

const file = (name: string) => fs.readFileSync(new URL(`../../open-platform/${name}`, import.meta.url), "utf8");

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox open platform (issue 9 item 7): with no real open platform configured
 * (OPEN_PLATFORM_URL), every tool page frames this one page at its tool's sub-path. It is seen by
 * administrators, so it says in Chinese what the tool there is (its declaration's title and summary)
 * and that this is a local stand-in; whether the token it was handed is good, and the parameters it
 * received, it keeps in attributes for the tests. The digital-human page's stand-in can post
 * `goBackTip` to the console. Its script is a file of its own: the Content-Security-Policy refuses
 * inline scripts here as everywhere.
 *
 * The script is a declared call; the page answers every path under the host, the root included,
 * as a catch-all registered here (a wildcard is no call of the contract).
 */
export function sandboxHandlers(app: FastifyInstance): { sandboxScript: Handler } {
  const base = hostPrefixes.openIframe;
  const template = file("sandbox.html").replaceAll("{{base}}", base);
  const script = file("sandbox.js");

  const pageFor = (path: string) => {
    const tool = tools.find((t) => t.subPath === path);
    const fill: Record<string, string> = {
      name: tool?.name ?? "",
      path,
      title: tool?.title ?? "开放平台",
      summary: tool?.summary ?? "此地址没有对应的工具。",
      guardHidden: tool?.backGuard ? "" : "hidden",
    };
    return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => escapeHtml(fill[key] ?? ""));
  };

  // eslint-disable-next-line no-restricted-syntax -- the sandbox frame's pages under a wildcard (census exception)
  app.get(`${base}/*`, { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(pageFor(request.url.split("?")[0].slice(base.length) || "/")),
  );

  return {
    sandboxScript: async (_request, reply) =>
      reply.header("content-type", "text/javascript; charset=utf-8").header("cache-control", "no-cache").send(script),
  };
}
