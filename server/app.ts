import Fastify, { type FastifyInstance } from "fastify";
import fastifyCookie from "@fastify/cookie";
import fastifyCompress from "@fastify/compress";
import fastifyWebsocket from "@fastify/websocket";
import type { Ctx } from "./context";
import envelope, { clientErrorHandler, frameworkErrors } from "./plugins/envelope";
import { childLoggerFactory } from "./plugins/client-aborts";
import openApi from "./plugins/openapi";
import schemas, { ajvOptions } from "./plugins/schemas";
import session from "./plugins/session";
import sameOrigin, { ownOrigins } from "./plugins/same-origin";
import strictInput from "./plugins/strict-input";
import securityHeaders from "./plugins/security-headers";
import consoleRoutes from "./plugins/console";
import { configureHashing } from "./services/passwords";
import { startCleanup } from "./services/cleanup";
import { startRating } from "./services/billing/rating";
import { startReminders } from "./services/reminders/reminder-job";
import { registerResources } from "./engine/register";
import { registerCalls } from "./engine/calls";
import { startJobs } from "./engine/jobs";
import { trackRegistrations } from "./engine/route";
import { features } from "./features";
import { resources, singles } from "../resources";

/** Builds the whole API and console server; `main.ts` listens, tests `inject`. */
export async function buildApp(ctx: Ctx): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: ctx.config.logLevel },
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    clientErrorHandler,
    frameworkErrors,
    childLoggerFactory,
    ajv: ajvOptions,
  });

  trackRegistrations(app);
  configureHashing({ memoryKiB: ctx.config.passwordMemoryKiB, concurrency: ctx.config.hashConcurrency, queue: ctx.config.hashQueue });
  await app.register(envelope);
  const framed = [ctx.config.openPlatformUrl, ctx.config.liveRoomUrl].filter((u): u is string => !!u).map((u) => new URL(u).origin);
  await app.register(securityHeaders, { frameOrigins: framed });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  // After compression, whose hook reaches only the routes registered after it: the document is large.
  await app.register(openApi);
  await app.register(fastifyCookie);
  // Before every route (the plugin's rule): the live rooms' WebSocket; 64 KB is room for a WebRTC offer.
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(schemas);
  await app.register(strictInput);
  await app.register(sameOrigin, { origins: ownOrigins(ctx.config) });
  await app.register(session, { db: ctx.db });

  // Before the features, which register their job kinds on it.
  startJobs(app, ctx.db);
  await app.register(async (scope) => registerResources(scope, ctx, resources, singles));
  await app.register(async (scope) => registerCalls(scope, ctx, features));
  await app.register(consoleRoutes, ctx);
  startCleanup(app, ctx.db);
  startRating(app, ctx.db);
  startReminders(app, ctx.db, ctx.messages);
  return app;
}
