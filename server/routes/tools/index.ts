import type { FastifyInstance } from "fastify";
import type { Ctx } from "../../context";
import examRoutes from "./exam";
import sandboxRoutes from "./sandbox";
import tokenRoutes from "./token-routes";
import { tokenSecret } from "./tokens";

/** The embedded tools (3 §2.5, §7.1): frame tokens, the sandbox open platform, the exam service. */
export default async function toolsDomain(app: FastifyInstance, ctx: Ctx) {
  const key = tokenSecret(ctx.config);
  await app.register(tokenRoutes, { ...ctx, key });
  await app.register(examRoutes, { ...ctx, key });
  await app.register(sandboxRoutes);
}
