import type { FastifyInstance } from "fastify";
import type { Ctx } from "../../context";
import portalAccountRoutes from "./account";
import portalCalendarRoutes from "./calendar";
import portalLiveRoutes from "./lives";
import portalMessageRoutes from "./messages";

/** The portal's calls for teachers, assistants and students (2 §7 "Portal"), and their calendar feed. */
export default async function portalDomain(app: FastifyInstance, ctx: Ctx) {
  await app.register(portalLiveRoutes, ctx);
  await app.register(portalMessageRoutes, ctx);
  await app.register(portalAccountRoutes, ctx);
  await app.register(portalCalendarRoutes, ctx);
}
