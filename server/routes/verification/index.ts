import type { FastifyInstance } from "fastify";
import type { Ctx } from "../../context";
import { tokenSecret } from "../tools/tokens";
import validatorRoutes from "./validator";
import whitelistRoutes from "./whitelist";

/** Viewer verification of a live (2 §2 设置验证方式, §7 validator service): its token, settings and whitelist. */
export default async function verificationDomain(app: FastifyInstance, ctx: Ctx) {
  const key = tokenSecret(ctx.config);
  await app.register(validatorRoutes, { ...ctx, key });
  await app.register(whitelistRoutes, { ...ctx, key });
}
