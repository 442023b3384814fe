import type { FastifyInstance } from "fastify";
import type { Ctx } from "../../context";
import liveListRoutes from "./lists";
import liveShareRoutes from "./share";
import liveStudentRoutes from "./students";

/** The live lists and what their rows do (issue 10; 2 §2, §7): lists, students, audience base, share links, void. */
export default async function livesDomain(app: FastifyInstance, ctx: Ctx) {
  // A blank filter is no filter: search forms send their empty fields as `title=` or `status=`.
  app.addHook("preValidation", async (request) => {
    const query = request.query as Record<string, unknown> | null;
    if (query && typeof query === "object") for (const [k, v] of Object.entries(query)) if (v === "") delete query[k];
  });
  await app.register(liveListRoutes, ctx);
  await app.register(liveStudentRoutes, ctx);
  await app.register(liveShareRoutes, ctx);
}
