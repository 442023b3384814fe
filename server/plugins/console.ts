import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import type { Ctx } from "../context";
import { apiNotFound } from "../plugins/envelope";

const API_PREFIXES = ["/cms/", "/api/", "/stat/", "/userstat/"];

/** The built console, with history fallback: any other GET for a page answers index.html. */
export default async function consoleRoutes(app: FastifyInstance, { config }: Ctx) {
  const index = path.join(config.distDir, "index.html");
  const hasConsole = fs.existsSync(index);
  if (hasConsole)
    await app.register(fastifyStatic, {
      root: config.distDir,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must always be revalidated.
        res.setHeader("cache-control", file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = request.method === "GET" && !API_PREFIXES.some((p) => request.url.startsWith(p)) && !path.extname(request.url.split("?")[0]);
    if (wantsPage && hasConsole) return reply.header("cache-control", "no-cache").sendFile("index.html");
    return apiNotFound(request, reply);
  });
}
