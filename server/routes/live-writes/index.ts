import type { FastifyInstance } from "fastify";
import type { Ctx } from "../../context";
import groupConfigRoutes from "./group-config";
import liveWriteRoutes from "./lives";

/**
 * Writing lives (issue 10): add and modify a live, its schedule conflicts, and the organisation's
 * live defaults. Reading lives (lists, one live, students, share links, void) is the lists domain's.
 */
export default async function liveWritesDomain(app: FastifyInstance, ctx: Ctx) {
  // A blank filter is no filter: the conflict check sends `liveid=` for a live not yet saved.
  app.addHook("preValidation", async (request) => {
    const query = request.query as Record<string, unknown> | null;
    if (query && typeof query === "object") for (const [k, v] of Object.entries(query)) if (v === "") delete query[k];
  });
  await app.register(liveWriteRoutes, ctx);
  await app.register(groupConfigRoutes, ctx);
}
